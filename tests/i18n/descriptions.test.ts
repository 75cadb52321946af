import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../scripts/i18n/catalogueFiles';
import { descriptionProblems, readDescriptions, roleOf } from '../../scripts/i18n/descriptions';

describe('message descriptions', () => {
  it('describe every key of en.json with its role, and no English text serves two roles', () => {
    expect(descriptionProblems(readCatalogue('en'), readDescriptions())).toEqual([]);
  });

  it('refuse a missing description, an unknown role and a text shared by a badge and a date label', () => {
    const english = { 'row.placed': 'Placed', 'column.created': 'Placed', 'common.close': 'Close' };
    const problems = descriptionProblems(english, {
      'row.placed': 'status: a bulk row whose order was placed',
      'column.created': 'date label: followed by the date the order was placed',
      'gone.key': 'name: a key no longer in English',
    });
    expect(problems).toEqual([
      'common.close: no description (add one to src/i18n/descriptions.json)',
      'gone.key: described but not in en.json',
      '"Placed" serves row.placed (status), column.created (date label): give each role its own English words',
    ]);
    expect(roleOf('heading: not a role we know')).toBeNull();
  });

  it('let one text serve several keys of one role', () => {
    expect(descriptionProblems({ a: 'Status', b: 'Status' }, { a: 'name: a column header', b: 'name: a filter label' })).toEqual([]);
  });
});
