// The pseudo-locales, made from English when first used, in a chunk of their own: `en-XA` accents
// every letter and makes each message about 40 % longer, in brackets, so that text left out of the
// catalogue, clipped or squeezed shows at a glance; `ar-XB` writes each word right to left, so that
// a layout that does not mirror shows. The values a message places (amounts, names, digits) stay
// as they are.
import type { CheckoutMessages } from './catalogue.js';

type Message = string | ((values: Record<string, unknown>) => string);

// a-z accented; capitals are these in capitals.
const ACCENTED = [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýž'];
const accentLetters = (text: string) =>
  text.replace(/[a-z]/gi, (letter) => {
    const accented = ACCENTED[letter.toLowerCase().charCodeAt(0) - 97]!;
    return letter === letter.toLowerCase() ? accented : accented.toUpperCase();
  });
// The words that lengthen a message, accented like the rest.
const PADDING = accentLetters('one two three four five six seven eight nine ten ');

// A value's place while a message is transformed: private-use characters no text contains.
const SLOT = /\uE000(\d+)\uE001/g;

/** `text` accented and lengthened by 40 % of `length`, the message's length as it reads. */
function accent(text: string, length: number): string {
  length = Math.ceil(length * 0.4);
  const padding = PADDING.repeat(Math.ceil(length / PADDING.length))
    .slice(0, length)
    .trim();
  return `[${accentLetters(text)} ${padding}]`;
}

// Each word between right-to-left override and pop, with right-to-left marks around it.
function rightToLeft(text: string): string {
  return text.replace(/\p{L}+/gu, (word) => `\u200F\u202E${word}\u202C\u200F`);
}

type Transform = (text: string, length: number) => string;

/** One message transformed, its values (strings only) kept out of the transformation. */
function transformed(message: Message, transform: Transform): Message {
  if (typeof message === 'string') return transform(message, message.length);
  return (values) => {
    const kept: string[] = [];
    const slotted = Object.fromEntries(
      Object.entries(values).map(([name, value]) =>
        typeof value === 'string' ? [name, `\uE000${kept.push(value) - 1}\uE001`] : [name, value],
      ),
    );
    const place = (text: string) => text.replace(SLOT, (_, index: string) => kept[Number(index)]!);
    const text = message(slotted);
    return place(transform(text, place(text).length));
  };
}

/** The catalogue of a pseudo-locale, made from English, as a locale's module is. */
export function pseudoCatalogue(
  tag: 'en-XA' | 'ar-XB',
  english: CheckoutMessages,
): { default: CheckoutMessages } {
  const transform: Transform = tag === 'en-XA' ? accent : rightToLeft;
  const catalogue: Record<string, Message> = {};
  for (const [key, message] of Object.entries(english) as [string, Message][]) {
    // A file name stays a name a file system takes.
    catalogue[key] = key === 'authorizationFileName' ? message : transformed(message, transform);
  }
  return { default: catalogue as unknown as CheckoutMessages };
}
