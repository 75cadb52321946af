export const greeting = 'rendered under the CSP';
