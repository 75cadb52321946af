// The route table imports the tracking screen from here; the screen lives in src/screens/tracking/.
export { OrderTrackingScreen } from '../tracking/OrderTrackingScreen';
