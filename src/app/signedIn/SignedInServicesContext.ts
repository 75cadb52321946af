import { createContext } from 'react';
import type { Services } from '../services';

/**
 * The composition root's adapters, handed to the signed-in frame (SignedInFrame.tsx), which builds the
 * providers only signed-in pages use from them. Through a context rather than the frame's own imports:
 * the frame is a lazy chunk, so those providers and their code stay out of the public pages' first
 * JavaScript. Tests that render the frame provide those contexts directly and leave this one out.
 */
export const SignedInServicesContext = createContext<Services | null>(null);
