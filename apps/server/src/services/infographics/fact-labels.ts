import { baseLanguage } from '../../engines/writer/composer/language.ts';

/** Labels of the figures drawn large on an infographic, and recipe difficulty words. */
export type FactLabel =
  | 'prep_time'
  | 'cook_time'
  | 'servings'
  | 'difficulty'
  | 'cuisine'
  | 'price'
  | 'attendees'
  | 'action_items'
  | 'decisions'
  | 'steps'
  | 'ingredients'
  | 'easy'
  | 'medium'
  | 'hard';

// One row per content language (spec §9), written as a cook, a team or a shop in that language
// would label them: short, because they sit above a large figure.
const LABELS: Record<string, Record<FactLabel, string>> = {
  en: {
    prep_time: 'Prep',
    cook_time: 'Cook',
    servings: 'Serves',
    difficulty: 'Difficulty',
    cuisine: 'Cuisine',
    price: 'Price',
    attendees: 'Attendees',
    action_items: 'Action items',
    decisions: 'Decisions',
    steps: 'Steps',
    ingredients: 'Ingredients',
    easy: 'Easy',
    medium: 'Medium',
    hard: 'Hard',
  },
  es: {
    prep_time: 'Preparación',
    cook_time: 'Cocción',
    servings: 'Raciones',
    difficulty: 'Dificultad',
    cuisine: 'Cocina',
    price: 'Precio',
    attendees: 'Asistentes',
    action_items: 'Tareas',
    decisions: 'Decisiones',
    steps: 'Pasos',
    ingredients: 'Ingredientes',
    easy: 'Fácil',
    medium: 'Media',
    hard: 'Difícil',
  },
  de: {
    prep_time: 'Vorbereitung',
    cook_time: 'Garzeit',
    servings: 'Portionen',
    difficulty: 'Schwierigkeit',
    cuisine: 'Küche',
    price: 'Preis',
    attendees: 'Teilnehmende',
    action_items: 'Aufgaben',
    decisions: 'Entscheidungen',
    steps: 'Schritte',
    ingredients: 'Zutaten',
    easy: 'Leicht',
    medium: 'Mittel',
    hard: 'Schwer',
  },
  fr: {
    prep_time: 'Préparation',
    cook_time: 'Cuisson',
    servings: 'Portions',
    difficulty: 'Difficulté',
    cuisine: 'Cuisine',
    price: 'Prix',
    attendees: 'Participants',
    action_items: 'Actions',
    decisions: 'Décisions',
    steps: 'Étapes',
    ingredients: 'Ingrédients',
    easy: 'Facile',
    medium: 'Moyen',
    hard: 'Difficile',
  },
  zh: {
    prep_time: '准备时间',
    cook_time: '烹饪时间',
    servings: '份量',
    difficulty: '难度',
    cuisine: '菜系',
    price: '价格',
    attendees: '参会人员',
    action_items: '待办事项',
    decisions: '决定',
    steps: '步骤',
    ingredients: '食材',
    easy: '简单',
    medium: '中等',
    hard: '困难',
  },
  ja: {
    prep_time: '下ごしらえ',
    cook_time: '調理時間',
    servings: '分量',
    difficulty: '難易度',
    cuisine: '料理',
    price: '価格',
    attendees: '参加者',
    action_items: 'アクション',
    decisions: '決定事項',
    steps: '手順',
    ingredients: '材料',
    easy: 'かんたん',
    medium: 'ふつう',
    hard: 'むずかしい',
  },
  ko: {
    prep_time: '준비 시간',
    cook_time: '조리 시간',
    servings: '인분',
    difficulty: '난이도',
    cuisine: '요리',
    price: '가격',
    attendees: '참석자',
    action_items: '실행 항목',
    decisions: '결정 사항',
    steps: '단계',
    ingredients: '재료',
    easy: '쉬움',
    medium: '보통',
    hard: '어려움',
  },
  hi: {
    prep_time: 'तैयारी',
    cook_time: 'पकाने का समय',
    servings: 'कितने लोगों के लिए',
    difficulty: 'कठिनाई',
    cuisine: 'व्यंजन',
    price: 'कीमत',
    attendees: 'प्रतिभागी',
    action_items: 'कार्य',
    decisions: 'निर्णय',
    steps: 'चरण',
    ingredients: 'सामग्री',
    easy: 'आसान',
    medium: 'मध्यम',
    hard: 'कठिन',
  },
  ta: {
    prep_time: 'தயாரிப்பு',
    cook_time: 'சமையல் நேரம்',
    servings: 'பரிமாறல்',
    difficulty: 'சிரமம்',
    cuisine: 'உணவு வகை',
    price: 'விலை',
    attendees: 'பங்கேற்பாளர்கள்',
    action_items: 'செயல்கள்',
    decisions: 'முடிவுகள்',
    steps: 'படிகள்',
    ingredients: 'பொருட்கள்',
    easy: 'எளிது',
    medium: 'நடுத்தரம்',
    hard: 'கடினம்',
  },
  te: {
    prep_time: 'తయారీ',
    cook_time: 'వంట సమయం',
    servings: 'ఎంత మందికి',
    difficulty: 'కష్టత',
    cuisine: 'వంటకం',
    price: 'ధర',
    attendees: 'హాజరైనవారు',
    action_items: 'చర్యలు',
    decisions: 'నిర్ణయాలు',
    steps: 'దశలు',
    ingredients: 'పదార్థాలు',
    easy: 'సులభం',
    medium: 'మధ్యస్థం',
    hard: 'కష్టం',
  },
};

/** The label in `language`, in English for a language without its own row. */
export function factLabel(language: string, key: FactLabel): string {
  return (LABELS[baseLanguage(language)] ?? LABELS.en)?.[key] ?? key;
}
