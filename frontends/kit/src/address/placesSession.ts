import { useCallback, useRef, useState } from 'react';

/**
 * The address box's autocomplete session, as Google Places bills it: every prediction of one session carries the
 * same token and the lookup of the chosen (or typed) address ends it, so the whole session is billed as one Place
 * Details instead of one charge per keystroke. A fresh token (a version 4 UUID, as Google recommends) starts the
 * next session. The embedded address index ignores it.
 */

/** A version 4 UUID from the browser's cryptographic random source (crypto.randomUUID needs a secure context). */
export function newSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export interface PlacesSession {
  /** The token the address box's predictions carry. */
  token: string;
  /** Ends the session: returns its token (give it to the lookup that ends it) and starts a new one. */
  end(): string;
}

/** One autocomplete session at a time for an address box and the lookup it leads to. */
export function usePlacesSession(): PlacesSession {
  const [token, setToken] = useState(newSessionToken);
  const current = useRef(token);
  const end = useCallback(() => {
    const ended = current.current;
    current.current = newSessionToken();
    setToken(current.current);
    return ended;
  }, []);
  return { token, end };
}
