import type { Language } from '@visus/core';
import type { ReviewRecommendation } from '@visus/contracts';
import { MAIL_TEXTS } from './mail-texts';

/*
 * The mails the server sends, each as plain text and HTML. Names are stored as typed, so a name may hold
 * `<`, `&` or quotes: the text part shows it as typed (text/plain is never interpreted), and the HTML part
 * escapes it, as it escapes every other value, because it is built with the `html` tag below.
 */

/** Subject and bodies of one mail. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text as HTML: safe in element content and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** HTML built by {@link html}: nested in another `html` template it is kept, not escaped twice. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/**
 * A template of HTML in which every interpolated value is escaped (numbers as text), unless it is
 * itself {@link SafeHtml}. There is no way to put raw text into it, so a mail cannot forget to escape.
 */
export function html(strings: TemplateStringsArray, ...values: ReadonlyArray<string | number | SafeHtml>) {
  let out = strings[0]!;
  values.forEach((value, i) => {
    out += (value instanceof SafeHtml ? value.value : escapeHtml(String(value))) + strings[i + 1]!;
  });
  return new SafeHtml(out);
}

/** A link for a mail's HTML: only http(s) URLs, so a bad PUBLIC_URL can never become `javascript:`. */
function link(url: string): SafeHtml {
  if (!/^https?:\/\//i.test(url)) throw new Error(`refusing to put a non-http(s) link in a mail: ${url}`);
  return html`<a href="${url}">${url}</a>`;
}

function page(...paragraphs: SafeHtml[]): string {
  const body = paragraphs.map((p) => html`<p>${p}</p>`.value).join('\n');
  return `<!doctype html>\n<html><body style="font-family: sans-serif; line-height: 1.4">\n${body}\n</body></html>\n`;
}

/**
 * A text of {@link MAIL_TEXTS} with its `{placeholders}` filled: as typed for the text part, or as
 * {@link SafeHtml} with the text and every value escaped for the HTML part.
 */
function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}
function fillHtml(template: string, values: Readonly<Record<string, string>>): SafeHtml {
  return new SafeHtml(
    template
      .split(/(\{\w+\})/)
      .map((part) => escapeHtml(/^\{\w+\}$/.test(part) ? (values[part.slice(1, -1)] ?? part) : part))
      .join(''),
  );
}

/**
 * The password-reset mail in the account's language: a greeting with the account's name and the link
 * (valid 30 minutes).
 */
export function resetPasswordMail(language: Language, values: { name: string; link: string }): MailContent {
  const t = MAIL_TEXTS[language];
  const names = { name: values.name };
  return {
    subject: t['reset.subject'],
    text:
      `${fill(t['reset.hello'], names)}\n\n` +
      `${t['reset.asked']}\n${t['reset.open']}\n\n${values.link}\n\n` +
      `${t['reset.ignore']}\n`,
    html: page(
      fillHtml(t['reset.hello'], names),
      html`${t['reset.asked']} ${t['reset.open']}`,
      link(values.link),
      html`${t['reset.ignore']}`,
    ),
  };
}

/** The invite mail: who invited, with which role, and the one-time registration link. */
export function inviteMail(values: {
  adminName: string;
  role: string;
  link: string;
  ttlDays: number;
}): MailContent {
  const { adminName, role, ttlDays } = values;
  return {
    subject: 'You are invited to Visus',
    text:
      `Hello,\n\n${adminName} invited you to Visus, a platform for self-administered eye tests, ` +
      `with the role "${role}".\n\nCreate your account with this link within ${ttlDays} days:\n\n${values.link}\n\n` +
      'The link works once. If you did not expect this mail, ignore it.\n',
    html: page(
      html`Hello,`,
      html`${adminName} invited you to Visus, a platform for self-administered eye tests, with the role
      “${role}”.`,
      html`Create your account with this link within ${ttlDays} days:`,
      link(values.link),
      html`The link works once. If you did not expect this mail, ignore it.`,
    ),
  };
}

/**
 * The mail telling a patient, in their language, that a clinician reviewed one of their results (issue
 * 19 item 4).
 */
export function reviewMail(
  language: Language,
  values: { name: string; clinicianName: string; recommendation: ReviewRecommendation; link: string },
): MailContent {
  const t = MAIL_TEXTS[language];
  const names = { name: values.name };
  const advice = {
    clinician: values.clinicianName,
    advice: t['review.advice'][values.recommendation],
  };
  return {
    subject: t['review.subject'],
    text:
      `${fill(t['review.hello'], names)}\n\n${fill(t['review.advises'], advice)}\n\n` +
      `${t['review.read']}\n\n${values.link}\n`,
    html: page(
      fillHtml(t['review.hello'], names),
      fillHtml(t['review.advises'], advice),
      html`${t['review.read']}`,
      link(values.link),
    ),
  };
}

/** The notice that an admin reset the account's two-step sign-in (docs/security.md). */
export function twoFactorResetMail(values: { name: string; adminName: string; link: string }): MailContent {
  const { name, adminName } = values;
  return {
    subject: 'Your Visus two-step sign-in was reset',
    text:
      `Hello ${name},\n\n${adminName}, an administrator of Visus, turned off two-step sign-in for your account, ` +
      'as is done for someone who lost their authenticator and recovery codes. You now sign in with your ' +
      `password, and can turn two-step sign-in on again from your profile:\n\n${values.link}\n\n` +
      'If you did not ask for this, tell your administrator and change your password now.\n',
    html: page(
      html`Hello ${name},`,
      html`${adminName}, an administrator of Visus, turned off two-step sign-in for your account, as is done
      for someone who lost their authenticator and recovery codes. You now sign in with your password, and can
      turn two-step sign-in on again from your profile:`,
      link(values.link),
      html`If you did not ask for this, tell your administrator and change your password now.`,
    ),
  };
}
