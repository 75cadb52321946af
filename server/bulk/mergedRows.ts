// Which rows a worksheet's merged ranges touch, at a cost of O(ranges + rows that exist), never
// O(rows each range spans): 20 000 ranges of `A{k}:A50000` used to be a billion set insertions.
// Ranges are added as the archive scan finds them, into a difference array (+1 at the
// first row, -1 after the last); `seal` sweeps it once up to the sheet's last real row and keeps
// only the covered stretches, which `has` searches.
import { MAX_SHEET_ROWS } from './limits';

export interface MergedRows {
  has(row: number): boolean;
}

export class MergedRowsBuilder {
  private difference: Int32Array | null = null;
  private lastRow = 0;

  /** A range's rows (`A2:C3` → 2, 3), clipped to the rows any sheet may have. */
  addRange(fromRow: number, toRow: number): void {
    const first = Math.max(1, Math.min(fromRow, toRow));
    const last = Math.min(MAX_SHEET_ROWS, Math.max(fromRow, toRow));
    if (first > last) return;
    this.difference ??= new Int32Array(MAX_SHEET_ROWS + 2);
    this.difference[first] = (this.difference[first] ?? 0) + 1;
    this.difference[last + 1] = (this.difference[last + 1] ?? 0) - 1;
  }

  /** The highest row number the sheet holds (ranges past it cost nothing). */
  sawRow(rowNumber: number): void {
    if (rowNumber > this.lastRow) this.lastRow = Math.min(rowNumber, MAX_SHEET_ROWS);
  }

  get isEmpty(): boolean {
    return this.difference === null;
  }

  /** The covered rows as sorted, disjoint [first, last] stretches; the builder's array is dropped. */
  seal(): MergedRows {
    const stretches: number[] = [];
    const difference = this.difference;
    this.difference = null;
    if (difference) {
      let depth = 0;
      let start = 0;
      for (let row = 1; row <= this.lastRow; row += 1) {
        const before = depth;
        depth += difference[row] ?? 0;
        if (before === 0 && depth > 0) start = row;
        else if (before > 0 && depth === 0) stretches.push(start, row - 1);
      }
      if (depth > 0) stretches.push(start, this.lastRow);
    }
    return new SealedMergedRows(Int32Array.from(stretches));
  }
}

class SealedMergedRows implements MergedRows {
  constructor(private readonly stretches: Int32Array) {}

  has(row: number): boolean {
    // Binary search over the stretches' first rows.
    let low = 0;
    let high = this.stretches.length / 2 - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const first = this.stretches[2 * middle] ?? 0;
      const last = this.stretches[2 * middle + 1] ?? 0;
      if (row < first) high = middle - 1;
      else if (row > last) low = middle + 1;
      else return true;
    }
    return false;
  }
}

export const NO_MERGED_ROWS: MergedRows = { has: () => false };
