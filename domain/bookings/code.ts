/** Reservation codes: short, unambiguous (no 0/O, 1/I/L), easy to read out on the phone. */
export const CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const CODE_LENGTH = 6;

/** A code from random bytes (at least CODE_LENGTH of them); callers pass crypto-random bytes. */
export function reservationCode(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < CODE_LENGTH; i++) out += CODE_ALPHABET[bytes[i] % CODE_ALPHABET.length];
  return out;
}
