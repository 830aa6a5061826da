// The audit trail's search as the page's address keeps it and as the API is asked for it.
import { describe, expect, it } from 'vitest';
import { activeFilterCount, auditSearch, filterOfParams, NO_FILTER, paramsOfFilter } from './auditFilter.ts';

describe("the search in the page's address", () => {
  it('comes back as it was set, the empty filters left out', () => {
    const set = { ...NO_FILTER, who: 'Ada', recordType: 'poll', action: 'delete', from: '2026-11-01' };

    const params = paramsOfFilter(set);

    expect(params.toString()).toBe('who=Ada&recordType=poll&action=delete&from=2026-11-01');
    expect(filterOfParams(params)).toEqual(set);
  });

  it('leaves out a filter that does not parse, and keeps the others', () => {
    const params = new URLSearchParams('who=ada&recordType=spaceship&action=delete&from=yesterday');

    expect(filterOfParams(params)).toEqual({ ...NO_FILTER, who: 'ada', action: 'delete' });
  });

  it("counts the filters it sets for the phone's Search button, the days from and to as two", () => {
    expect(activeFilterCount(NO_FILTER)).toBe(0);
    expect(activeFilterCount({ ...NO_FILTER, who: '  ' })).toBe(0);
    expect(
      activeFilterCount(filterOfParams(new URLSearchParams('who=ada&from=2026-11-01&to=2026-11-30'))),
    ).toBe(3);
  });
});

describe('the API search', () => {
  it("asks for a page with the filters set and the reader's zone", () => {
    expect(
      auditSearch({ ...NO_FILTER, who: ' ada ', to: '2026-11-30' }, 'Europe/Paris', {
        pageIndex: 2,
        pageSize: 25,
      }),
    ).toEqual({ who: 'ada', to: '2026-11-30', timeZone: 'Europe/Paris', start: 50, count: 25 });
  });
});
