// Drop-off areas on the Insights map ("clustered points ... from the orders' coordinates"):
// drop-offs are grouped on a grid of 1/100 degree (about 1.1 km north-south, less east-west away from
// the equator), fine enough for a city's districts and coarse enough to hide single addresses.
export const DROP_OFF_CELLS_PER_DEGREE = 100;

/** The grid cell of a coordinate (an integer); its centre is cell / DROP_OFF_CELLS_PER_DEGREE. */
export function dropOffCell(degrees: number): number {
  return Math.round(degrees * DROP_OFF_CELLS_PER_DEGREE);
}

export function dropOffCellCentre(cell: number): number {
  return cell / DROP_OFF_CELLS_PER_DEGREE;
}
