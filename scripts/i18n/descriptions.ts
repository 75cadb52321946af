// What each English message is for, so that translators and reviewers see its context (formatjs
// calls it the message's description). A description starts with the message's role; one English
// text may serve several keys only when they share a role, so that "Placed" the badge and "Placed
// on" the date label are two texts that a translator can word differently.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Catalogue } from './catalogueFiles';

export const MESSAGE_ROLES = ['status', 'date label', 'action', 'name', 'message', 'placeholder'] as const;
export type MessageRole = (typeof MESSAGE_ROLES)[number];

export const DESCRIPTIONS_FILE = fileURLToPath(new URL('../../src/i18n/descriptions.json', import.meta.url));

export function readDescriptions(file = DESCRIPTIONS_FILE): Record<string, string> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
}

export function roleOf(description: string): MessageRole | null {
  const role = description.split(':', 1)[0]?.trim();
  return (MESSAGE_ROLES as readonly string[]).includes(role ?? '') ? (role as MessageRole) : null;
}

/** Problems: a key without a description, a description without a known role or without a key, and
 * one English text shared by keys of different roles. */
export function descriptionProblems(english: Catalogue, descriptions: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(english)) {
    const description = descriptions[key];
    if (description === undefined) problems.push(`${key}: no description (add one to src/i18n/descriptions.json)`);
    else if (roleOf(description) === null) problems.push(`${key}: the description must start with a role (${MESSAGE_ROLES.join(', ')}) and a colon`);
  }
  for (const key of Object.keys(descriptions)) if (!(key in english)) problems.push(`${key}: described but not in en.json`);

  const keysByText = new Map<string, string[]>();
  for (const [key, text] of Object.entries(english)) keysByText.set(text, [...(keysByText.get(text) ?? []), key]);
  for (const [text, keys] of keysByText) {
    const roles = new Set(keys.map((key) => roleOf(descriptions[key] ?? '')));
    if (keys.length > 1 && roles.size > 1) {
      problems.push(`"${text}" serves ${keys.map((key) => `${key} (${roleOf(descriptions[key] ?? '') ?? '?'})`).join(', ')}: give each role its own English words`);
    }
  }
  return problems;
}
