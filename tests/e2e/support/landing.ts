/**
 * The landing page's guest entry: 'Request a rider' starts the guest flow unless the
 * RequestARiderGoesToLogin flag sends that button to sign-in, when 'Continue as guest' is the entry.
 */
export const GUEST_ENTRY = /^(Request a rider|Continue as guest)$/;
