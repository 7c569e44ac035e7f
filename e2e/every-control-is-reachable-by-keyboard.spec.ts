import fs from 'node:fs/promises';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { calibrate, signUp, startSingleTest } from './support/people';
import {
  ADMIN_SCREENS,
  GUEST_SCREENS,
  openScreen,
  phoneScreens,
  screenshotter,
  USER_SCREENS,
} from './support/screens';
import { VisusServer } from './support/visus-server';

/**
 * Issue 9 part 7 (every control reachable by keyboard): every screen that is not a running test — as a
 * guest, a user and an admin, and the phone's screens on a phone-sized window (the controller in each of
 * its states) — walked with Tab from the top (or from the field a screen autofocuses) until focus comes
 * back to where it started, then walked back with Shift+Tab. On each screen:
 * - every visible, enabled control (links, buttons, form fields, [tabindex≥0] and the button, checkbox,
 *   radio, slider, tab, switch and combobox roles) takes the focus at least once. A composite widget is
 *   one Tab stop, as ARIA's patterns say: in a native radio group the browser's arrow keys reach the other
 *   radios; in a roving-tabindex group (MUI's ToggleButtonGroup) the walk presses the arrow keys and each
 *   member must take the focus;
 * - nothing that cannot be seen (hidden, transparent, clipped, off the page) takes the focus;
 * - focus is never trapped: Tab comes back round, and Shift+Tab visits the same stops in reverse;
 * - each stop shows a focus indicator: a computed style of the control (outline, box-shadow, border,
 *   background, opacity or transform of it, its parts or its ::before/::after) differs from the unfocused
 *   control, or a layer appears in it (MUI draws keyboard focus as a "focus ripple" layer, not an outline).
 */
const server = new VisusServer();
const admin = { email: 'tab.admin@example.org', password: 'admin password 1' };
const user = { email: 'tab.user@example.org', password: 'user password 12' };

test.beforeAll(async () => {
  await server.createAccount({
    email: admin.email,
    password: admin.password,
    name: 'Tab Admin',
    role: 'admin',
  });
  await server.createAccount({ email: user.email, password: user.password, name: 'Tab User', role: 'user' });
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
});

/** A control that should take the focus on a Tab walk. */
interface Candidate {
  key: number;
  label: string;
  /** The composite widget it belongs to (one Tab stop for all its members), or null. */
  group: string | null;
  /** True for a roving-tabindex composite (its arrow keys are tried), false for a native radio group. */
  roving: boolean;
}

/** Where one Tab (or Shift+Tab) press put the focus. */
interface Stop {
  /** The element's number in the page-side registry; -1 when no control has the focus. */
  key: number;
  label: string;
  group: string | null;
  roving: boolean;
  /** Why the focused element cannot be seen, or null when it can. */
  hidden: string | null;
  /** What changed on focus (the indicator), or null when nothing did. */
  indicator: string | null;
}

/** The page-side half of the walk, installed by installTabWalker. */
interface TabWalker {
  candidates: Candidate[];
  /** How many elements can take the focus by Tab now (bounds the walk). */
  tabbable: number;
  step(): Promise<Stop>;
}

type WalkerWindow = Window & { tabWalker: TabWalker };

/**
 * Runs in the page (so it may use nothing from this module's scope): notes every control and how it looks
 * unfocused, then reports, after each key press, which element has the focus, whether it can be seen and
 * what its focus indicator is.
 */
function installTabWalker(): Promise<void> {
  const COMPOSITES =
    '[role="radiogroup"], [role="tablist"], [role="group"], [role="toolbar"], [role="menubar"], [role="grid"]';
  const CONTROLS =
    'a[href], area[href], button, input:not([type="hidden"]), select, textarea, [contenteditable="true"], ' +
    '[role="button"], [role="checkbox"], [role="radio"], [role="slider"], [role="tab"], [role="switch"], ' +
    '[role="combobox"]';
  // What the indicator may change. MUI's Button and IconButton draw keyboard focus as a ripple layer,
  // TextField as a thicker, coloured border of its fieldset, Slider as a box-shadow, CardActionArea as the
  // opacity of its highlight layer, Input as the transform of its ::after underline.
  const STYLES = [
    'outline-style',
    'outline-width',
    'outline-color',
    'box-shadow',
    'border-top-color',
    'border-top-width',
    'border-bottom-color',
    'border-bottom-width',
    'background-color',
    'opacity',
    'transform',
  ];
  const registry: Element[] = [];
  const unfocused = new Map<Element, string[][]>();
  const groups = new Map<Element, number>();

  const keyOf = (element: Element): number => {
    const known = registry.indexOf(element);
    return known >= 0 ? known : registry.push(element) - 1;
  };
  const isControl = (element: Element): boolean =>
    element.matches(CONTROLS) ||
    (element instanceof HTMLElement && element.hasAttribute('tabindex') && element.tabIndex >= 0);
  // MUI's Checkbox, Radio, Switch and Slider keep a native input that is transparent or clipped to 1 px
  // inside the control a person sees; that control stands for it.
  const isInnerInput = (element: Element): boolean =>
    element instanceof HTMLInputElement && ['checkbox', 'radio', 'range'].includes(element.type);

  /** Why this very element cannot be seen, or null. At rest, content of a scroll box counts as seen. */
  const unseen = (element: Element, atRest: boolean): string | null => {
    if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
      return 'not displayed, invisible or transparent';
    }
    const box = element.getBoundingClientRect();
    if (box.width < 2 || box.height < 2) return `too small to see (${box.width}×${box.height} px)`;
    const style = getComputedStyle(element);
    if (style.clip === 'rect(0px, 0px, 0px, 0px)' || style.clipPath === 'inset(50%)') return 'clipped away';
    const page = document.documentElement;
    if (
      box.right + scrollX <= 0 ||
      box.bottom + scrollY <= 0 ||
      box.left + scrollX >= page.scrollWidth ||
      box.top + scrollY >= page.scrollHeight
    ) {
      return `off the page (at ${Math.round(box.left + scrollX)}, ${Math.round(box.top + scrollY)})`;
    }
    for (
      let parent = element.parentElement;
      parent && parent !== document.body;
      parent = parent.parentElement
    ) {
      const overflow = getComputedStyle(parent);
      const clipping = atRest ? ['hidden', 'clip'] : ['hidden', 'clip', 'auto', 'scroll'];
      if (!clipping.includes(overflow.overflowX) && !clipping.includes(overflow.overflowY)) continue;
      const frame = parent.getBoundingClientRect();
      if (
        box.right <= frame.left ||
        box.left >= frame.right ||
        box.bottom <= frame.top ||
        box.top >= frame.bottom
      ) {
        return `outside the visible part of <${parent.tagName.toLowerCase()}>`;
      }
    }
    return null;
  };
  /** The element a person sees for this one (its MUI control for an inner native input). */
  const seenAs = (element: Element): Element => {
    if (!isInnerInput(element)) return element;
    let parent = element.parentElement;
    for (let level = 0; parent && level < 2; level += 1, parent = parent.parentElement) {
      if (unseen(parent, true) === null) return parent;
    }
    return element;
  };
  const whyUnseen = (element: Element, atRest: boolean) => unseen(seenAs(element), atRest);

  const label = (element: Element): string => {
    const labelled = element.getAttribute('aria-labelledby');
    const name =
      element.getAttribute('aria-label') ??
      (labelled ? document.getElementById(labelled)?.textContent : null) ??
      (element instanceof HTMLInputElement ||
      element instanceof HTMLTextAreaElement ||
      element instanceof HTMLSelectElement
        ? (element.labels?.[0]?.textContent ?? element.getAttribute('placeholder') ?? element.name)
        : null) ??
      (element instanceof HTMLElement ? element.innerText : element.textContent) ??
      '';
    const role = element.getAttribute('role');
    const what = `${element.tagName.toLowerCase()}${role ? `[role=${role}]` : ''}`;
    return `${what} "${name.replace(/\s+/g, ' ').trim().slice(0, 50)}"`;
  };
  const groupNumber = (container: Element): number => {
    if (!groups.has(container)) groups.set(container, groups.size);
    return groups.get(container) ?? -1;
  };
  // A composite widget is one Tab stop: a native radio group (the browser's arrow keys move through it),
  // or a container whose enabled members keep tabindex="-1" but one (a roving tab index, e.g. MUI's
  // ToggleButtonGroup), whose arrow keys the walk tries.
  const groupOf = (element: Element): { group: string | null; roving: boolean } => {
    if (element instanceof HTMLInputElement && element.type === 'radio') {
      const container = element.closest('[role="radiogroup"]') ?? element.form ?? document.body;
      return { group: `radio group ${groupNumber(container)} ${element.name}`, roving: false };
    }
    const container = element.parentElement?.closest(COMPOSITES);
    if (!container) return { group: null, roving: false };
    const members = Array.from(container.querySelectorAll(CONTROLS)).filter(
      (member): member is HTMLElement => member instanceof HTMLElement && !member.matches(':disabled'),
    );
    if (!members.some((m) => m.tabIndex < 0) || !members.some((m) => m.tabIndex >= 0)) {
      return { group: null, roving: false };
    }
    const name = container.getAttribute('aria-label') ?? '';
    return { group: `${container.getAttribute('role')} ${groupNumber(container)} "${name}"`, roving: true };
  };

  /** The computed styles that can show focus: the control, its parts, its ::before and ::after. */
  const looks = (element: Element): string[][] => {
    // A text field's indicator is its frame (MUI: the fieldset or underline next to the input).
    const frame =
      !isInnerInput(element) &&
      element.matches('input, textarea, select, [role="combobox"]') &&
      element.parentElement
        ? element.parentElement
        : seenAs(element);
    return [frame, ...Array.from(frame.querySelectorAll('*'))].slice(0, 80).flatMap((part) =>
      [null, '::before', '::after'].map((pseudo) => {
        const style = getComputedStyle(part, pseudo);
        return [
          `<${part.tagName.toLowerCase()}>${pseudo ?? ''}`,
          ...STYLES.map((name) => style.getPropertyValue(name)),
        ];
      }),
    );
  };
  const indicatorOf = (element: Element): string | null => {
    const before = unfocused.get(element);
    if (!before) return 'unknown: the control appeared during the walk';
    const after = looks(element);
    if (after.length !== before.length) return 'a layer appears (focus ripple)';
    for (let i = 0; i < after.length; i += 1) {
      const [part, ...values] = after[i] ?? [];
      for (let s = 0; s < STYLES.length; s += 1) {
        const name = STYLES[s] ?? '';
        const now = values[s];
        if (now === before[i]?.[s + 1]) continue;
        // An outline that changes colour while it stays "none" shows nothing.
        if (name.startsWith('outline') && values[0] === 'none') continue;
        return `${name} of ${part}`;
      }
    }
    return null;
  };

  const frames = async (count: number) => {
    for (let i = 0; i < count; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
  };
  /** Lets React render the focus state, then jumps every finite transition and animation to its end. */
  const settle = async () => {
    await frames(2);
    for (const animation of document.getAnimations()) {
      const timing = animation.effect?.getComputedTiming();
      if (!timing || timing.iterations === Infinity || animation.playState === 'finished') continue;
      try {
        animation.finish();
      } catch {
        // an animation that cannot finish (no end) stays as it is
      }
    }
    await frames(1);
  };

  const candidates: Candidate[] = [];
  let tabbable = 0;
  const walker: TabWalker = {
    candidates,
    get tabbable() {
      return tabbable;
    },
    async step() {
      await settle();
      let focused = document.activeElement;
      while (focused?.shadowRoot?.activeElement) focused = focused.shadowRoot.activeElement;
      if (!focused || focused === document.body || focused === document.documentElement) {
        return {
          key: -1,
          label: 'no control (focus left the page)',
          group: null,
          roving: false,
          hidden: null,
          indicator: 'n/a',
        };
      }
      return {
        key: keyOf(focused),
        label: label(focused),
        ...groupOf(focused),
        hidden: whyUnseen(focused, false),
        indicator: indicatorOf(focused),
      };
    },
  };
  (window as unknown as WalkerWindow).tabWalker = walker;

  // The unfocused look is taken with nothing focused (an autofocused field lets go first) and settled.
  if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  return settle().then(() => {
    for (const element of Array.from(document.querySelectorAll('*'))) {
      if (!isControl(element)) continue;
      const key = keyOf(element);
      unfocused.set(element, looks(element));
      if (element instanceof HTMLElement && element.tabIndex >= 0 && !element.matches(':disabled')) {
        tabbable += 1;
      }
      const enabled = !element.matches(':disabled') && element.getAttribute('aria-disabled') !== 'true';
      const exposed = !element.closest('[aria-hidden="true"], [inert]');
      if (enabled && exposed && whyUnseen(element, true) === null) {
        candidates.push({ key, label: label(element), ...groupOf(element) });
      }
    }
  });
}

const step = (page: Page) => page.evaluate(() => (window as unknown as WalkerWindow).tabWalker.step());

/** Stops in a row on one element count once (Tab moves through the month, day and year of a date field). */
const once = (stops: Stop[]) => stops.filter((stop, i) => stop.key !== stops[i - 1]?.key);

/**
 * Presses the key until focus is back on the first control it reached, or the bound runs out, or the key
 * keeps the focus where it is (a trap). Returns the stops, the last being the first control again when
 * focus came round.
 */
async function walk(page: Page, key: 'Tab' | 'Shift+Tab', bound: number): Promise<Stop[]> {
  const stops: Stop[] = [];
  let anchor = -1;
  let leftAnchor = false;
  let sameInARow = 0;
  for (let press = 0; press < bound; press += 1) {
    await page.keyboard.press(key);
    const stop = await step(page);
    sameInARow = stop.key === stops.at(-1)?.key ? sameInARow + 1 : 0;
    stops.push(stop);
    if (anchor < 0) anchor = stop.key;
    else if (stop.key !== anchor) leftAnchor = true;
    else if (leftAnchor) break; // round once
    // a date-time field has up to 6 parts; more presses in place means the key cannot leave it
    if (sameInARow >= 6) break;
  }
  return stops;
}

/**
 * Tries a roving composite's arrow keys from its Tab stop (left/right, else up/down), then brings the focus
 * back to that stop so the Tab walk goes on unchanged. Returns the stops the arrows reached.
 */
async function arrowThrough(page: Page, entry: Stop, members: number): Promise<Stop[]> {
  for (const [next, previous] of [
    ['ArrowRight', 'ArrowLeft'],
    ['ArrowDown', 'ArrowUp'],
  ] as const) {
    const seen: Stop[] = [];
    // forwards to the end, then backwards to the start, whichever member the Tab stop is
    for (const [arrow, presses] of [
      [next, members - 1],
      [previous, 2 * (members - 1)],
    ] as const) {
      for (let press = 0; press < presses; press += 1) {
        await page.keyboard.press(arrow);
        seen.push(await step(page));
      }
    }
    if (seen.every((stop) => stop.key === entry.key)) continue; // this widget uses the other arrows
    for (let press = 0; press <= 2 * members && seen.at(-1)?.key !== entry.key; press += 1) {
      await page.keyboard.press(next);
      seen.push(await step(page));
    }
    return seen;
  }
  return [];
}

/** What one screen's walk found. */
interface ScreenReport {
  screen: string;
  controls: number;
  tabStops: number;
  findings: string[];
  /** Each control that took the focus, how (Tab or arrow keys), and what showed it. */
  stops: string[];
}

/** Walks one screen forwards and backwards and checks the four properties of this journey. */
async function walkScreen(page: Page, screen: string): Promise<ScreenReport> {
  await page.evaluate(installTabWalker);
  const { candidates, tabbable } = await page.evaluate(() => {
    const { candidates, tabbable } = (window as unknown as WalkerWindow).tabWalker;
    return { candidates, tabbable };
  });
  // each control once or twice round, a date field taking three presses
  const bound = 3 * tabbable + 10;
  const findings: string[] = [];
  const finding = (text: string) => findings.push(`${screen}: ${text}`);

  // Forwards: the walk, trying each roving composite's arrow keys on the way.
  const forward: Stop[] = [];
  const byArrows: Stop[] = [];
  const tried = new Set<string>();
  let anchor = -1;
  let leftAnchor = false;
  for (let press = 0; press < bound; press += 1) {
    await page.keyboard.press('Tab');
    const stop = await step(page);
    forward.push(stop);
    if (anchor < 0) anchor = stop.key;
    else if (stop.key !== anchor) leftAnchor = true;
    else if (leftAnchor) break;
    if (stop.roving && stop.group !== null && !tried.has(stop.group)) {
      tried.add(stop.group);
      const members = candidates.filter((candidate) => candidate.group === stop.group).length;
      const seen = await arrowThrough(page, stop, members);
      byArrows.push(...seen);
      if (seen.at(-1)?.key !== stop.key) {
        finding(`the arrow keys of ${stop.group} do not come back to ${stop.label}`);
      }
    }
    if (forward.length >= 7 && forward.slice(-7).every((s) => s.key === stop.key)) break;
  }
  const cycled = leftAnchor && forward.at(-1)?.key === anchor;
  if (!cycled) {
    finding(
      `Tab is trapped: after ${forward.length} presses focus is on ${forward.at(-1)?.label ?? 'nothing'}, ` +
        `not back on ${forward[0]?.label ?? 'the first control'}`,
    );
  }
  const round = once(cycled ? forward.slice(0, -1) : forward);
  const reached = new Set([...round, ...byArrows].map((stop) => stop.key));
  const reachedGroups = new Set(round.map((stop) => stop.group));
  for (const candidate of candidates) {
    if (reached.has(candidate.key)) continue;
    // a native radio group is one Tab stop; the browser's arrow keys reach its other radios
    if (candidate.group !== null && !candidate.roving && reachedGroups.has(candidate.group)) continue;
    finding(
      `${candidate.label} cannot be reached with Tab${candidate.roving ? ` nor the arrow keys of ${candidate.group ?? ''}` : ''}`,
    );
  }
  for (const stop of new Map([...round, ...byArrows].map((s) => [s.key, s])).values()) {
    if (stop.key < 0) continue;
    if (stop.hidden !== null) finding(`${stop.label} takes the focus but cannot be seen: ${stop.hidden}`);
    if (stop.indicator === null) finding(`${stop.label} shows no focus indicator`);
  }

  if (cycled) {
    // From the first stop, Shift+Tab must visit the same controls in reverse order and come back round.
    // "Focus left the page" is left out: Chromium passes through the browser's own UI between the last
    // control and the first going forwards, but not always going backwards.
    const backward = await walk(page, 'Shift+Tab', bound);
    const controls = (stops: Stop[]) => once(stops.filter((stop) => stop.key >= 0));
    const expected = controls(round).reverse();
    const got = controls(backward);
    if (got.length > 1 && got.at(-1)?.key === got[0]?.key) got.pop(); // came round
    const keys = (stops: Stop[]) => stops.map((stop) => stop.key).join(' ');
    if (keys(got) !== keys(expected)) {
      const labels = (stops: Stop[]) => stops.map((stop) => stop.label).join(' < ');
      finding(`Shift+Tab does not retrace Tab: expected ${labels(expected)}; got ${labels(got)}`);
    }
  }
  return {
    screen,
    controls: candidates.length,
    tabStops: round.filter((s) => s.key >= 0).length,
    findings,
    stops: [
      ...round.map((stop) => `Tab: ${stop.label}: ${stop.indicator ?? 'NO INDICATOR'}`),
      ...byArrows.map((stop) => `arrow keys: ${stop.label}: ${stop.indicator ?? 'NO INDICATOR'}`),
    ],
  };
}

/** Walks screens (opening each, or as the page shows it now), with a screenshot and a line of each. */
function screenWalker(page: Page, testInfo: TestInfo) {
  const shot = screenshotter(page, testInfo);
  const reports: ScreenReport[] = [];
  return {
    reports,
    async walk(screen: string, open = true): Promise<void> {
      if (open) await openScreen(page, `${server.url}${screen}`);
      const report = await walkScreen(page, screen);
      reports.push(report);
      await shot(screen.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home');
      console.log(
        `${screen}: ${report.controls} controls, ${report.tabStops} Tab stops, ${report.findings.length} findings`,
      );
    },
  };
}

/** Saves what the walks found (test-results/…/tab-walk.json) and expects no finding. */
async function expectNoFinding(testInfo: TestInfo, reports: ScreenReport[]): Promise<void> {
  const file = testInfo.outputPath('tab-walk.json');
  await fs.writeFile(file, JSON.stringify(reports, null, 2));
  await testInfo.attach('tab-walk.json', { path: file, contentType: 'application/json' });
  expect(reports.flatMap((report) => report.findings)).toEqual([]);
}

/** Walks these screens and expects no finding. */
async function checkScreens(page: Page, testInfo: TestInfo, screens: readonly string[]): Promise<void> {
  const walker = screenWalker(page, testInfo);
  for (const screen of screens) await walker.walk(screen);
  await expectNoFinding(testInfo, walker.reports);
}

/** Signs the page in as this person (the app keeps the session token in localStorage). */
async function signIn(page: Page, who: { email: string; password: string }): Promise<string> {
  const response = await page.request.post(`${server.url}/api/v1/auth/login`, { data: who });
  expect(response.ok(), await response.text()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  await page.goto(server.url);
  await page.evaluate((value) => localStorage.setItem('token', value), token);
  return token;
}

// One test a screen, so a failure names its screen and a long walk (the questionnaire) has its own time.
for (const screen of GUEST_SCREENS) {
  test(`every control of ${screen} is reachable by keyboard (guest)`, async ({ page }, testInfo) => {
    await checkScreens(page, testInfo, [screen]);
  });
}
for (const screen of USER_SCREENS) {
  test(`every control of ${screen} is reachable by keyboard`, async ({ page }, testInfo) => {
    await signIn(page, user);
    await checkScreens(page, testInfo, [screen]);
  });
}
for (const screen of ADMIN_SCREENS) {
  test(`every control of ${screen} is reachable by keyboard`, async ({ page }, testInfo) => {
    await signIn(page, admin);
    await checkScreens(page, testInfo, [screen]);
  });
}

test('every control of the phone screens is reachable by keyboard, in each state of the controller', async ({
  browser,
}, testInfo) => {
  // A calibrated person with a Sloan session, so the controller goes through its states as the display asks.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const computer = await desktop.newPage();
  const token = await signUp(computer.request, server, {
    name: 'Tab Phone',
    emailName: 'tab.phone',
    password: 'phone password 1',
    dob: '1980-05-06',
  });
  await calibrate(computer, server, token);
  const pin = await startSingleTest(computer.request, server, token, 'sloan');

  const phoneContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const phone = await phoneContext.newPage();
  const walker = screenWalker(phone, testInfo);
  const [connect, controller] = phoneScreens(pin);
  await walker.walk(connect);
  await walker.walk(controller);
  await expect(phone.getByRole('heading', { name: 'Waiting for your screen' })).toBeVisible();

  await computer.goto(`${server.url}/user/test/${pin}`);
  await expect(phone.getByRole('heading', { name: 'What are you wearing for this test?' })).toBeVisible();
  await walker.walk(`${controller} correction`, false);
  await phone.getByRole('button', { name: /^Contact lenses/ }).tap();
  await expect(phone.getByRole('button', { name: 'Start' })).toBeEnabled();
  await walker.walk(`${controller} ready`, false);
  await phone.getByRole('button', { name: 'Start' }).tap();
  await expect(phone.getByRole('group', { name: 'Letters' }).getByRole('button')).toHaveCount(26);
  await walker.walk(`${controller} letters`, false);

  await expectNoFinding(testInfo, walker.reports);
  await phoneContext.close();
  await desktop.close();
});
