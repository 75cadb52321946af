// The packed tz data format of @js-joda/timezone (moment-timezone's packed format).
export interface PackedTzdb {
  version: string;
  /** "Name|abbreviations|offsets|indices|untils|population" */
  zones: string[];
  /** "Target|Alias" */
  links: string[];
}
