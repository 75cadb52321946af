// The route table imports the consumer-to-consumer page from here; it lives in src/screens/public-tracking/.
export { C2cTrackingScreen } from '../public-tracking/C2cTrackingScreen';
