import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@visus/core';
import { escapeHtml, html, inviteMail, resetPasswordMail, reviewMail } from './mail-templates';
import { MAIL_TEXTS } from './mail-texts';

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
    const mail = resetPasswordMail('en', { name: HOSTILE, link });
    expect(mail.text).toContain(`Hello ${HOSTILE},`);
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`Hello ${escapeHtml(HOSTILE)},`);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script');
    expect(new Set(tagsOf(mail.html))).toEqual(OUR_TAGS);
    expect(mail.html).toContain(`<a href="${escapeHtml(link)}">`);
  });

  it('refuses a link that is not http(s)', () => {
    expect(() => resetPasswordMail('en', { name: 'Ada', link: 'javascript:alert(1)' })).toThrow(/non-http/);
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

describe("the mails in the person's language", () => {
  const link = 'https://visus.example.org/reset-password/abc';

  it('writes the password-reset mail in each language, with the name and the link', () => {
    expect(resetPasswordMail('en', { name: 'Ada', link }).text).toBe(
      'Hello Ada,\n\nSomeone (hopefully you) asked to reset the password of your Visus account.\n' +
        'Open this link within 30 minutes to choose a new password:\n\n' +
        `${link}\n\nIf you did not ask for this, ignore this mail: your password stays as it is.\n`,
    );
    const es = resetPasswordMail('es', { name: 'Ana', link });
    expect(es.subject).toBe('Restablezca su contraseña de Visus');
    expect(es.text).toMatch(/^Hola, Ana:\n/);
    expect(resetPasswordMail('de', { name: 'Jörg', link }).text).toMatch(/^Hallo Jörg,\n/);
    expect(resetPasswordMail('fr', { name: 'Zoé', link }).html).toContain('Bonjour Zoé,');
    for (const language of LANGUAGES)
      expect(resetPasswordMail(language, { name: 'A', link }).text).toContain(link);
  });

  it("writes the review notice with the advice in the person's language, names escaped in HTML", () => {
    const values = {
      name: HOSTILE,
      clinicianName: 'Dr <b>Olu</b>',
      recommendation: 'urgent' as const,
      link: 'https://visus.example.org/user/results?id=1',
    };
    const de = reviewMail('de', values);
    expect(de.subject).toBe('Eine Fachperson hat Ihr Visus-Ergebnis beurteilt');
    expect(de.text).toContain('Dr <b>Olu</b> hat eines Ihrer Ergebnisse beurteilt und empfiehlt: umgehend');
    expect(de.html).toContain('Dr &lt;b&gt;Olu&lt;/b&gt; hat eines');
    expect(new Set(tagsOf(de.html))).toEqual(OUR_TAGS);
    expect(de.html).not.toContain('<img');
    expect(reviewMail('en', values).text).toContain('advises: see an optometrist or doctor urgently.');
    expect(reviewMail('fr', { ...values, recommendation: 'no-action' }).text).toContain(
      'recommande\u00a0: aucune action nécessaire.',
    );
  });

  it('keeps every placeholder of the English text in every translation', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();
    for (const language of LANGUAGES) {
      for (const [key, english] of Object.entries(MAIL_TEXTS.en)) {
        if (typeof english !== 'string') continue;
        const translated = MAIL_TEXTS[language][key as keyof typeof MAIL_TEXTS.en] as string;
        expect(placeholders(translated), `${language} ${key}`).toEqual(placeholders(english));
      }
    }
  });
});
