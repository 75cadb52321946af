// The route table imports the public recipient page from here; it lives in src/screens/public-tracking/.
export { RecipientTrackingScreen } from '../public-tracking/RecipientTrackingScreen';
