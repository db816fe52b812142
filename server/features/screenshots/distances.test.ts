import { describe, expect, it } from 'vitest';
import { distancesOf, GENERAL_DISTANCES, generalLayout, LAYOUTS } from './layouts';

const instagram = generalLayout('instagram');

describe('a layout’s distances', () => {
  it('are the general reader’s, with the layout’s own set over them', () => {
    expect(distancesOf({})).toEqual(GENERAL_DISTANCES);
    expect(distancesOf(instagram)).toEqual(GENERAL_DISTANCES);
    expect(distancesOf({ distances: { belowNear: 3, column: 1.5 } })).toEqual({
      ...GENERAL_DISTANCES,
      belowNear: 3,
      column: 1.5,
    });
    // A distance left undefined is the general reader's.
    expect(distancesOf({ distances: { belowNear: undefined } }).belowNear).toBe(GENERAL_DISTANCES.belowNear);
  });

  it('are multiples a layout may set: every one a positive number', () => {
    for (const layout of [...LAYOUTS, instagram])
      for (const [name, value] of Object.entries(distancesOf(layout)))
        expect(Number.isFinite(value) && value > 0, `${layout.id} ${name}`).toBe(true);
  });
});
