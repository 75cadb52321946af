// The parts of an ICU message a translation must keep: its arguments (name and kind) and, for
// select and plural arguments, their options. Parsed with formatjs's own ICU parser so that what
// passes here is exactly what react-intl can format.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type ArgumentKind = 'text' | 'number' | 'date' | 'time' | 'select' | 'plural' | 'selectordinal' | 'tag';

export interface ArgumentUse {
  name: string;
  kind: ArgumentKind;
  /** Option keys of a select or plural argument (`one`, `other`, `=0`, `male`...). */
  options: string[];
}

export type ParsedMessage = { ok: true; elements: MessageFormatElement[] } | { ok: false; error: string };

export function parseMessage(message: string): ParsedMessage {
  try {
    return { ok: true, elements: parse(message, { requiresOtherClause: true }) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Every argument of the message, including those nested in select/plural branches and tags. */
export function argumentsOf(elements: readonly MessageFormatElement[]): ArgumentUse[] {
  const found: ArgumentUse[] = [];
  const visit = (list: readonly MessageFormatElement[]) => {
    for (const element of list) {
      switch (element.type) {
        case TYPE.argument:
          found.push({ name: element.value, kind: 'text', options: [] });
          break;
        case TYPE.number:
          found.push({ name: element.value, kind: 'number', options: [] });
          break;
        case TYPE.date:
          found.push({ name: element.value, kind: 'date', options: [] });
          break;
        case TYPE.time:
          found.push({ name: element.value, kind: 'time', options: [] });
          break;
        case TYPE.select:
          found.push({ name: element.value, kind: 'select', options: Object.keys(element.options) });
          for (const option of Object.values(element.options)) visit(option.value);
          break;
        case TYPE.plural:
          found.push({ name: element.value, kind: element.pluralType === 'ordinal' ? 'selectordinal' : 'plural', options: Object.keys(element.options) });
          for (const option of Object.values(element.options)) visit(option.value);
          break;
        case TYPE.tag:
          found.push({ name: element.value, kind: 'tag', options: [] });
          visit(element.children);
          break;
        default:
          break;
      }
    }
  };
  visit(elements);
  return found;
}

/** The text a reader sees, without arguments: used to tell whether a message has any words at all. */
export function visibleText(elements: readonly MessageFormatElement[]): string {
  return elements
    .map((element) => {
      if (element.type === TYPE.literal) return element.value;
      if (element.type === TYPE.select || element.type === TYPE.plural) {
        return Object.values(element.options)
          .map((option) => visibleText(option.value))
          .join(' ');
      }
      if (element.type === TYPE.tag) return visibleText(element.children);
      return ' ';
    })
    .join('');
}
