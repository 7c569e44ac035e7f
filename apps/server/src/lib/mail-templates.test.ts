import { describe, expect, it } from 'vitest';
import { escapeHtml, html, inviteMail, resetPasswordMail } from './mail-templates';

/** The tags of a piece of HTML, lower-case: what a mail client would render as markup. */
const tagsOf = (markup: string) =>
  [...markup.matchAll(/<\/?([a-z!][a-z0-9]*)/gi)].map((m) => m[1]!.toLowerCase());
const OUR_TAGS = new Set(['!doctype', 'html', 'body', 'p', 'a']);

const HOSTILE = `<img src=x onerror="alert('1')"> & <script>alert(2)</script>`;

describe('escapeHtml and the html template', () => {
  it('escapes the five characters that matter in content and quoted attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&amp;</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;amp;&lt;/a&gt;',
    );
  });

  it('escapes every value, keeps nested templates as they are, and writes numbers', () => {
    const inner = html`<b>${'<i>'}</b>`;
    expect(html`<p title="${'" onmouseover="x'}">${inner} ${3}</p>`.value).toBe(
      '<p title="&quot; onmouseover=&quot;x"><b>&lt;i&gt;</b> 3</p>',
    );
  });
});

describe('the password-reset mail', () => {
  const link = 'https://visus.example.org/reset-password/abc?x=1&y=2';

  it('shows the name as typed in the text part and escaped in the HTML part', () => {
    const mail = resetPasswordMail({ name: HOSTILE, link });
    expect(mail.text).toContain(`Hello ${HOSTILE},`);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`Hello ${escapeHtml(HOSTILE)},`);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script');
    expect(new Set(tagsOf(mail.html))).toEqual(OUR_TAGS);
    expect(mail.html).toContain(`<a href="${escapeHtml(link)}">`);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => resetPasswordMail({ name: 'Ada', link: 'javascript:alert(1)' })).toThrow(/non-http/);
  });
});

describe('the invite mail', () => {
  it("escapes the admin's name in the HTML part only", () => {
    const mail = inviteMail({
      adminName: HOSTILE,
      role: 'tester',
      link: 'https://visus.example.org/register?invite=abc',
      ttlDays: 7,
    });
    expect(mail.text).toContain(`${HOSTILE} invited you to Visus`);
    expect(mail.html).toContain(`${escapeHtml(HOSTILE)} invited you to Visus`);
    expect(new Set(tagsOf(mail.html))).toEqual(OUR_TAGS);
    expect(mail.html).toContain('within 7 days');
  });
});
