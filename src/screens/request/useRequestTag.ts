import { useSelector } from '@xstate/react';
import type { RequestTag } from '../../../machines';
import { useRequestFlow } from './RequestFlowContext';

/** Whether the request flow is in a state with that tag (which part of the screen shows, which is busy). */
export function useRequestTag(tag: RequestTag): boolean {
  const { actor } = useRequestFlow();
  return useSelector(actor, (snapshot) => snapshot.hasTag(tag));
}
