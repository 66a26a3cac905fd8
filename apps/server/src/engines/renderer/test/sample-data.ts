import type { InfographicContentType } from '@voxpress/contracts';
import type { InfographicData, RenderRequest } from '../renderer.ts';

/** Realistic content of each type, as the content mapping would hand it over (tests, benchmark). */
export const SAMPLE_DATA: Record<InfographicContentType, InfographicData> = {
  recipe: {
    language: 'en',
    title: 'Fifteen-minute lemon garlic pasta for busy weeknights',
    subtitle: 'A bright, silky sauce from pantry staples, ready before the water boils twice.',
    points: [
      { text: 'Salt the pasta water well: it seasons the sauce too', start: 12 },
      { text: 'Save a cup of starchy water before draining', start: 40 },
    ],
    ingredients: [
      '200 g spaghetti',
      '3 cloves garlic',
      '1 lemon, zest and juice',
      '40 g parmesan',
      '3 tbsp olive oil',
      'Parsley, black pepper',
    ],
    steps: [
      'Boil the spaghetti in well-salted water until just al dente.',
      'Warm olive oil with sliced garlic over low heat until fragrant and pale gold.',
      'Toss the pasta with lemon zest, juice, parmesan and a splash of pasta water.',
      'Finish with black pepper and parsley, and serve at once.',
    ],
    facts: [
      { label: 'Servings', value: '2' },
      { label: 'Calories per serving', value: '520' },
      { label: 'Total time', value: '15 min' },
    ],
    quote: { text: 'The pasta water is the secret: it turns oil and cheese into a sauce.', start: 133 },
    tags: ['pasta', 'weeknight', 'vegetarian', 'lemon'],
    footer: 'Kitchen Table, episode 12',
  },
  tutorial: {
    language: 'en',
    title: 'Set up a home podcast studio on a small budget',
    subtitle: 'What matters for clean sound, and what you can skip.',
    points: [
      { text: 'A quiet, soft room beats an expensive microphone', start: 65 },
      { text: 'Record a test and listen back on headphones before every session', start: 212 },
    ],
    steps: [
      'Pick the smallest, softest room you have and hang a blanket behind you.',
      'Place a dynamic USB microphone a hand’s width from your mouth.',
      'Set the input level so your loudest laugh peaks around −6 dB.',
      'Record ten seconds of silence to capture the room tone.',
      'Export as 48 kHz WAV and keep the raw files.',
    ],
    facts: [
      { label: 'Budget', value: '$120' },
      { label: 'Setup time', value: '1 hour' },
      { label: 'Difficulty', value: 'Easy' },
    ],
    quote: { text: 'Treat the room first; the microphone only hears what the room gives it.', start: 98 },
    tags: ['podcasting', 'audio', 'homestudio'],
    footer: 'The Creator Desk',
  },
  meeting_notes: {
    language: 'en',
    title: 'Q3 launch review: ship the mobile app on 14 October',
    subtitle: 'Product, design and support agreed the launch scope and owners.',
    points: [
      { text: 'Launch date stays 14 October; the tablet layout moves to November', start: 30 },
      { text: 'Support gets the help-centre articles a week before launch', start: 415 },
      { text: 'Beta crash rate is down to 0.4 % after the image fix', start: 620 },
    ],
    actionItems: [
      { text: 'Freeze features and cut the release branch', owner: 'Maya' },
      { text: 'Draft the launch email and app-store text', owner: 'Jon' },
      { text: 'Schedule the support team walkthrough', owner: 'Priya' },
    ],
    facts: [
      { label: 'Attendees', value: '7' },
      { label: 'Decisions', value: '4' },
      { label: 'Duration', value: '45 min' },
    ],
    quote: { text: 'We launch what is solid and say clearly what comes next.', start: 733 },
    tags: ['launch', 'mobile', 'q3'],
    footer: 'Weekly product sync',
  },
  product_description: {
    language: 'en',
    title: 'Aero One: the travel mug that keeps coffee hot for twelve hours',
    subtitle: 'Leak-proof, one-handed and light enough to forget it is in your bag.',
    points: [
      { text: 'Double-wall vacuum steel keeps drinks hot for 12 hours', start: 22 },
      { text: 'One-button lid opens and locks with a thumb', start: 58 },
      { text: 'Fits every car cup holder and most bike cages', start: 91 },
    ],
    facts: [
      { label: 'Price', value: '$34' },
      { label: 'Hot for', value: '12 h' },
      { label: 'Weight', value: '280 g' },
    ],
    quote: { text: 'I filled it at six in the morning and it was still too hot at lunch.', start: 145 },
    tags: ['travel', 'coffee', 'gear'],
    footer: 'Aero Goods',
  },
  enhanced: {
    language: 'en',
    title: 'Why small teams ship faster: lessons from ten years of startups',
    subtitle: 'A conversation about focus, ownership and saying no.',
    points: [
      { text: 'Fewer people means fewer handoffs, and handoffs are where weeks disappear', start: 84 },
      { text: 'Give one person the whole problem, not a slice of it', start: 301 },
      { text: 'Write decisions down the day they are made', start: 522 },
      { text: 'Say no to good ideas so the great one gets finished', start: 790 },
    ],
    facts: [
      { label: 'Team size that worked best', value: '4–6' },
      { label: 'Releases a month', value: '12' },
    ],
    quote: { text: 'Every handoff is a place where a week can quietly disappear.', start: 133 },
    tags: ['startups', 'teams', 'productivity'],
    footer: 'Founders Talk, episode 48',
  },
};

/** A square render of the sample recipe in the modern style, with `over` on top (tests, benchmark). */
export const sampleRequest = (over: Partial<RenderRequest> = {}): RenderRequest => ({
  style: 'modern',
  contentType: 'recipe',
  width: 1080,
  height: 1080,
  data: SAMPLE_DATA.recipe,
  audience: 'general',
  culturalContext: 'international',
  ...over,
});

/** One title and two points in each of the ten content languages, and in other scripts. */
export const LANGUAGE_SAMPLES: Record<string, { title: string; points: string[] }> = {
  en: {
    title: 'Fresh pasta in fifteen minutes',
    points: ['Salt the water well', 'Save a cup of pasta water'],
  },
  es: {
    title: 'Pasta fresca en quince minutos',
    points: ['Sala bien el agua', 'Guarda una taza del agua de cocción'],
  },
  de: {
    title: 'Frische Pasta in fünfzehn Minuten',
    points: ['Das Wasser gut salzen', 'Eine Tasse Nudelwasser aufheben'],
  },
  fr: {
    title: 'Des pâtes fraîches en quinze minutes',
    points: ['Salez bien l’eau', 'Gardez une tasse d’eau de cuisson'],
  },
  zh: { title: '十五分钟做好新鲜意面', points: ['煮面的水要多放盐', '沥干前留一杯面汤'] },
  ja: {
    title: '十五分で作る生パスタ',
    points: ['ゆで汁にはしっかり塩を', '湯切りの前にゆで汁を一杯取っておく'],
  },
  ko: {
    title: '15분 만에 만드는 생파스타',
    points: ['물에 소금을 넉넉히 넣으세요', '면수를 한 컵 남겨 두세요'],
  },
  hi: {
    title: 'पंद्रह मिनट में ताज़ा पास्ता',
    points: ['पानी में अच्छी तरह नमक डालें', 'पास्ता का एक कप पानी बचाकर रखें'],
  },
  ta: {
    title: 'பதினைந்து நிமிடங்களில் புதிய பாஸ்தா',
    points: ['தண்ணீரில் நன்றாக உப்பு சேர்க்கவும்', 'ஒரு கோப்பை பாஸ்தா நீரை வைத்திருங்கள்'],
  },
  te: { title: 'పదిహేను నిమిషాల్లో తాజా పాస్తా', points: ['నీటిలో బాగా ఉప్పు వేయండి', 'ఒక కప్పు పాస్తా నీటిని ఉంచుకోండి'] },
  // Scripts a piece can also be written in: right to left (Arabic, Persian, Urdu, Hebrew), Thai,
  // Cyrillic and Greek.
  ar: {
    title: 'معكرونة طازجة في خمس عشرة دقيقة',
    points: ['ملّحوا الماء جيدًا', 'احتفظوا بكوب من ماء سلق المعكرونة'],
  },
  fa: {
    title: 'پاستای تازه در پانزده دقیقه',
    points: ['آب را خوب نمک بزنید', 'یک لیوان از آب پاستا را نگه دارید'],
  },
  ur: {
    title: 'پندرہ منٹ میں تازہ پاستا',
    points: ['پانی میں اچھی طرح نمک ڈالیں', 'پاستا کے پانی کا ایک کپ بچا کر رکھیں'],
  },
  he: { title: 'פסטה טרייה בחמש עשרה דקות', points: ['המליחו היטב את המים', 'שמרו כוס ממי הבישול של הפסטה'] },
  th: { title: 'พาสต้าสดในสิบห้านาที', points: ['ใส่เกลือในน้ำให้มากพอ', 'เก็บน้ำต้มพาสต้าไว้หนึ่งถ้วย'] },
  ru: {
    title: 'Свежая паста за пятнадцать минут',
    points: ['Хорошо посолите воду', 'Оставьте чашку воды от пасты'],
  },
  el: {
    title: 'Φρέσκα ζυμαρικά σε δεκαπέντε λεπτά',
    points: ['Αλατίστε καλά το νερό', 'Κρατήστε ένα φλιτζάνι από το νερό των ζυμαρικών'],
  },
  // The other languages of the interface, written in the Latin script.
  it: {
    title: 'Pasta fresca in quindici minuti',
    points: ['Salate bene l’acqua', 'Tenete da parte una tazza di acqua di cottura'],
  },
  pt: {
    title: 'Massa fresca em quinze minutos',
    points: ['Salgue bem a água', 'Guarde uma xícara da água do cozimento'],
  },
  nl: {
    title: 'Verse pasta in vijftien minuten',
    points: ['Zout het water goed', 'Bewaar een kopje kookwater'],
  },
  pl: {
    title: 'Świeży makaron w piętnaście minut',
    points: ['Dobrze posól wodę', 'Zachowaj szklankę wody z gotowania'],
  },
  tr: {
    title: 'On beş dakikada taze makarna',
    points: ['Suyu iyice tuzlayın', 'Bir fincan makarna suyunu ayırın'],
  },
  sv: {
    title: 'Färsk pasta på femton minuter',
    points: ['Salta vattnet ordentligt', 'Spara en kopp pastavatten'],
  },
  da: { title: 'Frisk pasta på femten minutter', points: ['Salt vandet godt', 'Gem en kop pastavand'] },
  no: {
    title: 'Fersk pasta på femten minutter',
    points: ['Salt vannet godt', 'Ta vare på en kopp pastavann'],
  },
  fi: {
    title: 'Tuoretta pastaa viidessätoista minuutissa',
    points: ['Suolaa vesi kunnolla', 'Säästä kupillinen keitinvettä'],
  },
  id: {
    title: 'Pasta segar dalam lima belas menit',
    points: ['Beri garam secukupnya pada air', 'Sisihkan secangkir air rebusan pasta'],
  },
  ms: {
    title: 'Pasta segar dalam lima belas minit',
    points: ['Masukkan garam secukupnya ke dalam air', 'Simpan secawan air rebusan pasta'],
  },
  vi: {
    title: 'Mì Ý tươi trong mười lăm phút',
    points: ['Cho đủ muối vào nước', 'Giữ lại một cốc nước luộc mì'],
  },
};

/** The recipe sample in another language: its title and points, the rest left out. */
export function sampleIn(language: string): InfographicData {
  const sample = LANGUAGE_SAMPLES[language];
  if (!sample) throw new Error(`No sample for ${language}`);
  return {
    language,
    title: sample.title,
    points: sample.points.map((text, i) => ({ text, start: 30 + i * 45 })),
    facts: [{ label: sample.points[0] ?? '', value: '15' }],
  };
}
