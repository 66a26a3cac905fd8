import type { z } from 'zod';
import type { zProductMetadata } from './composed-content.schema.ts';
import { capitalise, find, grounded, groundedValue, NUMBER, plain } from './grounding.ts';
import type { Sentence } from './sentences.ts';

type ProductMetadata = z.infer<typeof zProductMetadata>;

const NAME =
  /\b(?:introducing|meet|called|named|presenting|this is the|say hello to)\s+(?:the\s+)?((?:[\w-]+\s+){0,2}[\w-]+?)(?=\s+(?:which|that|is|it|and|with|from|for|a|an)\b|$)/;
const PRICE_WORDS = new RegExp(
  `\\b(${NUMBER}(?:\\s(?:${NUMBER}))* (?:dollars|euros|pounds|bucks|rupees|yen)(?: and ${NUMBER} cents)?)`,
);
const PRICE_MARKS = /[$€£¥₹]\s?\d[\d,.]*|\d[\d,.]*\s?(?:[$€£¥₹]|usd|eur|gbp)/i;
const FEATURE =
  /\b(?:it|this|the \w+) (?:has|comes with|includes|features|offers|supports|uses|lets you|runs)\b|\bfeatures?\b/;
const BENEFIT =
  /\b(?:you (?:can|will|'ll|get|save|never|don't have to|won't)|helps? you|so you|means you|benefits?|saves? you|no more)\b/;

/** Product facts as said: its name, what it has, what it does for you, what it costs. */
export function productMetadata(sentences: Sentence[]): ProductMetadata {
  const name = sentences.map((s) => find(s, NAME)).find((n) => n !== null) ?? null;
  let price: ProductMetadata['product_data']['price'] = null;
  for (const sentence of sentences) {
    const marked = PRICE_MARKS.exec(sentence.text)?.[0];
    const spoken = find(sentence, PRICE_WORDS);
    const value = marked ?? spoken;
    if (value) {
      price = groundedValue(sentence, value);
      break;
    }
  }
  const features = sentences.filter((s) => FEATURE.test(plain(s)));
  const benefits = sentences.filter((s) => !features.includes(s) && BENEFIT.test(plain(s)));
  return {
    content_type: 'product_description',
    product_data: {
      name: name ? capitalise(name) : null,
      features: features.map((s) => grounded([s])),
      benefits: benefits.map((s) => grounded([s])),
      price,
    },
  };
}
