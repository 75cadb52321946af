// The route's screen lives in src/screens/request (the request-screen work took this placeholder over).
export { RequestScreen as RequestARiderScreen } from '../request/RequestScreen';
