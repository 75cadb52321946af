// The sandbox's documented test cards (README.md). Any other Luhn-valid, unexpired card succeeds.
export type SandboxBehaviour = 'succeed' | 'decline' | 'challenge';

export const TEST_CARDS = {
  succeeds: '4111111111111111',
  declines: '4000000000000002',
  demandsChallenge: '4000000000003220',
} as const;

export function sandboxBehaviourOf(cardDigits: string): SandboxBehaviour {
  if (cardDigits === TEST_CARDS.declines) return 'decline';
  if (cardDigits === TEST_CARDS.demandsChallenge) return 'challenge';
  return 'succeed';
}
