import type { UnixSeconds } from '../../domain/types';

/** Keyset position in the newest-first list: the last order of the previous page. */
export interface ListCursor {
  createdAt: UnixSeconds;
  orderId: string;
}

/** Opaque to clients (base64url JSON); its only meaning is "continue after this row". */
export function encodeCursor(cursor: ListCursor): string {
  return Buffer.from(JSON.stringify([cursor.createdAt, cursor.orderId])).toString('base64url');
}

/** Null for anything that is not a cursor this server wrote (the route answers 400). */
export function decodeCursor(value: string): ListCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && Number.isInteger(parsed[0]) && typeof parsed[1] === 'string') {
      return { createdAt: parsed[0] as number, orderId: parsed[1] };
    }
    return null;
  } catch {
    return null;
  }
}
