import { describe, expect, it } from 'vitest';
import { reviewPageHtml, reviewRows, screenshotsFor } from '../../scripts/i18n/reviewPage';

describe("the translators' review page", () => {
  const rows = reviewRows({
    locale: 'ur',
    english: { 'request.title': 'Request a rider', 'request.collection.title': 'Collection point' },
    catalogue: { 'request.title': 'رائیڈر بلائیں', 'request.collection.title': 'جمع کرنے کی جگہ' },
    descriptions: { 'request.title': 'action: a button', 'request.collection.title': 'name: a heading' },
    glossary: { address: 'formal', terms: { rider: ['رائیڈر'], 'collection point': ['کلیکشن پوائنٹ'] } },
    problemsByKey: new Map([['request.collection.title', ['glossary: request.collection.title: "collection point" should be "کلیکشن پوائنٹ"']]]),
    screenshots: ['../screenshots/request-desktop-en-details.png', '../brands/request-ur-1440.png', '../screenshots/bulk-desktop-en-review.png'],
  });

  it('shows each message with its description, the glossary words found or missing, and the findings', () => {
    expect(rows[0]).toMatchObject({ key: 'request.title', description: 'action: a button', glossary: ['rider → رائیڈر'], problems: [] });
    expect(rows[1]?.glossary).toEqual(['collection point → (missing)']);
    expect(rows[1]?.problems).toHaveLength(1);
  });

  it("prefers screenshots of the reviewed language, of the key's own screen", () => {
    expect(rows[0]?.screenshots).toEqual(['../brands/request-ur-1440.png']);
    expect(screenshotsFor('bulk-order-upload.title', 'ja', ['../screenshots/bulk-desktop-en-review.png', '../screenshots/request-x.png'])).toEqual(['../screenshots/bulk-desktop-en-review.png']);
    expect(screenshotsFor('faq.what.q', 'ja', ['../screenshots/bulk-desktop-en-review.png'])).toEqual([]);
  });

  it('writes the translation in its own direction, escapes every text and flags rows to look at', () => {
    const html = reviewPageHtml('ur', 'rtl', [...rows, { key: 'x', description: '<b>', english: 'a & b', translation: '"q"', glossary: [], problems: [], screenshots: [] }], null);
    expect(html).toContain('lang="ur" dir="rtl">رائیڈر بلائیں</td>');
    expect(html).toContain('<td>&lt;b&gt;</td><td lang="en" dir="ltr">a &amp; b</td>');
    expect(html.match(/class="flagged"/g)).toHaveLength(1);
  });
});
