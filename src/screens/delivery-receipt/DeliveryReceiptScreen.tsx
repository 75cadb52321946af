// The route table imports the receipt page from here; it lives in src/screens/public-tracking/.
export { DeliveryReceiptScreen } from '../public-tracking/DeliveryReceiptScreen';
