// The route table imports the bulk-order screen from here; the screen lives in src/screens/bulk/.
export { BulkOrderScreen } from '../bulk/BulkOrderScreen';
