import type * as Constants from './constants';

describe('compareTitles', () => {
  afterEach(() => jest.restoreAllMocks());

  it('makes its collator on first use, not as the module loads: the module is in the code every page runs first', () => {
    const made = jest.spyOn(Intl, 'Collator');
    jest.isolateModules(() => {
      const { compareTitles } = jest.requireActual<typeof Constants>('./constants');
      expect(made).not.toHaveBeenCalled();
      expect(['zebra', null, 'Éclair', 'apple'].sort(compareTitles)).toEqual(['apple', 'Éclair', 'zebra', null]);
      expect(compareTitles('Apple', 'apple')).toBe(0);
      expect(made).toHaveBeenCalledTimes(1);
    });
  });
});
