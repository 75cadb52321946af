// Rules of the Insights page, shared by the server's aggregates and the page.
export * from './onTime';
export * from './orderFacts';
export * from './orderOutcome';
export * from './percentile';
export * from './zoneOffsets';
export * from './dropOffGrid';
export * from './insightsCsv';
export * from './outletTotals';
