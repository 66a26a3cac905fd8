import type { ListKind } from './composition.ts';
import type { IconName } from './icons.ts';

/** The icon heading each kind of list. */
export const SECTION_ICON: Record<ListKind, IconName> = {
  ingredients: 'basket',
  steps: 'list-numbers',
  points: 'bulb',
  actions: 'square-check',
};

// What an item is about, from its words, in the content languages written with spaces (English,
// Spanish, German, French, Italian, Portuguese, Dutch) and the ones without. First match wins, so
// a warning ("never prune before the frost") outranks the time it mentions.
const MEANINGS: [IconName, RegExp][] = [
  [
    'alert-triangle',
    /\b(never|avoid|don'?t|warning|careful|danger|risk|mistake|problem|bug|nunca|evita|cuidado|riesgo|niemals|vorsicht|gefahr|risiko|jamais|attention|évite|danger|attenzione|rischio|nooit|gevaar)\b|危险|注意|注意|위험|खतरा|خطر|סכנה/iu,
  ],
  [
    'coins',
    /[$€£¥₹]|\b(price|prices|cost|costs|cheap|cheaper|expensive|budget|saving|savings|money|paid|pay|bill|revenue|profit|precio|coste|costo|dinero|barato|preis|kosten|geld|günstig|prix|coût|argent|prezzo|soldi|preço|dinheiro|prijs|geld)\b|价格|费用|価格|お金|가격|비용|कीमत|पैसा|سعر|מחיר/iu,
  ],
  [
    'calendar',
    /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|january|february|march|april|june|july|august|september|october|november|december|deadline|date|weekly|lunes|martes|viernes|montag|freitag|lundi|vendredi|frist|fecha)\b|星期|曜日|요일|सोमवार/iu,
  ],
  [
    'clock',
    /\b(\d+\s*(min|mins|minutes?|h|hours?|hrs?|sec|seconds?)|minute|minutes|hour|hours|time|quick|quickly|fast|morning|evening|overnight|tiempo|minutos|horas|rápido|zeit|minuten|stunden|schnell|temps|heures|vite|tempo|ore|veloce|tijd|uur|snel)\b|分钟|小时|時間|分|시간|분|मिनट|घंटे|دقيقة|ساعة|דקות|שעה/iu,
  ],
  [
    'users',
    /\b(people|team|teams|customers?|users?|family|families|kids|children|guests?|everyone|staff|members?|audience|community|personas|gente|equipo|clientes|familia|leute|kunden|familie|kinder|gens|équipe|famille|enfants|persone|squadra|pessoas|equipe|mensen|klanten)\b|人们|团队|客户|人々|チーム|사람|팀|लोग|टीम|الناس|فريق|אנשים|צוות/iu,
  ],
  [
    'map-pin',
    /\b(city|country|office|location|where|travel|road|street|place|places|abroad|ciudad|país|lugar|oficina|stadt|land|ort|büro|ville|pays|lieu|bureau|città|luogo|cidade|lugar|stad|plaats)\b|城市|地点|場所|도시|장소|शहर|مدينة|עיר/iu,
  ],
  [
    'thermometer',
    /\b(heat|heating|cold|temperature|warm|°c|°f|frost|freezing|calor|frío|temperatura|wärme|kalt|temperatur|chaleur|froid|caldo|freddo|calor|frio|warmte|koud)\b|温度|暖|温度|온도|तापमान|حرارة|חום/iu,
  ],
  [
    'bolt',
    /\b(energy|power|electricity|electric|battery|solar|energía|electricidad|energie|strom|énergie|électricité|energia|elettricità|eletricidade|stroom)\b|能源|电|電気|에너지|ऊर्जा|طاقة|אנרגיה/iu,
  ],
  [
    'trending-up',
    /\d\s*%|\b(grow|grew|growth|increase|increased|rise|rising|doubled|more than|higher|crecer|crecimiento|aumento|wachstum|wachsen|steigen|croissance|augmente|crescita|aumento|crescimento|groei|stijging)\b|增长|増加|성장|वृद्धि|نمو|צמיחה/iu,
  ],
  [
    'target',
    /\b(goal|goals|target|aim|objective|meta|objetivo|ziel|objectif|obiettivo|doel)\b|目标|目標|목표|लक्ष्य|هدف|מטרה/iu,
  ],
  [
    'basket',
    /\b(ingredients?|ingredientes|zutaten|ingrédients|ingredienti|ingrediënten)\b|材料|食材|재료|सामग्री|مكونات|מרכיבים/iu,
  ],
  [
    'list-numbers',
    /\b(steps?|stages?|pasos|etapas|schritte|étapes|passi|passos|stappen)\b|步骤|手順|단계|चरण|خطوات|שלבים/iu,
  ],
  [
    'heart',
    /\b(health|healthy|sleep|heart|wellbeing|exercise|salud|sueño|gesundheit|schlaf|santé|sommeil|salute|sonno|saúde|sono|gezondheid|slaap)\b|健康|睡眠|건강|स्वास्थ्य|صحة|בריאות/iu,
  ],
  [
    'device-laptop',
    /\b(app|apps|software|laptop|computer|code|website|online|digital|ordenador|aplicación|rechner|computador|ordinateur|logiciel|programma|computer)\b|软件|电脑|アプリ|소프트웨어|सॉफ़्टवेयर|تطبيق|אפליקציה/iu,
  ],
  [
    'chef-hat',
    /\b(cook|cooking|bake|baking|food|eat|meal|recipe|kitchen|cocinar|comida|receta|kochen|backen|essen|rezept|cuisiner|repas|recette|cucinare|cibo|ricetta|cozinhar|comida|receita|koken|eten|recept)\b|做饭|食物|料理|요리|खाना|طبخ|בישול/iu,
  ],
  [
    'shield',
    /\b(safe|safety|secure|security|privacy|private|protect|protection|seguro|seguridad|privacidad|sicher|sicherheit|datenschutz|sécurité|sûr|sicurezza|segurança|veilig|veiligheid)\b|安全|隐私|안전|सुरक्षा|أمان|אבטחה/iu,
  ],
  [
    'school',
    /\b(learn|learned|learning|lesson|course|study|students?|teach|aprender|curso|lernen|kurs|apprendre|cours|imparare|corso|aprender|leren|cursus)\b|学习|学ぶ|배우|सीख|تعلم|ללמוד/iu,
  ],
  [
    'rocket',
    /\b(launch|launched|ship|shipped|release|released|lanzamiento|lanzar|start|markteinführung|veröffentlich|lancement|lancer|lancio|lançamento|lancering)\b|发布|上线|リリース|출시|लॉन्च|إطلاق|השקה/iu,
  ],
  [
    'message',
    /\b(said|says|ask|asked|talk|talked|call|discuss|discussed|feedback|question|dijo|preguntar|hablar|sagte|fragen|sprechen|dit|demander|parler|detto|chiedere|parlare|disse|perguntar|zei|vragen)\b|说|問|말했|कहा|قال|אמר/iu,
  ],
];

/** The icon for an item by what it is about, or null when its words say nothing an icon could. */
export function iconFor(text: string): IconName | null {
  for (const [icon, re] of MEANINGS) if (re.test(text)) return icon;
  return null;
}
