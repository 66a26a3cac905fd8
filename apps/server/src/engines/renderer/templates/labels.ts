import { type InfographicContentType, primaryLanguage } from '@voxpress/contracts';

/**
 * The few words a template adds around the content, in each content language and in the
 * other languages of the interface (right to left, Thai, Cyrillic, Greek and Latin) a piece can
 * also be written in.
 */
interface Labels {
  type: Record<InfographicContentType, string>;
  ingredients: string;
  steps: string;
  points: string;
  actions: string;
  /** Where a quote was said: `{t}` is the time, e.g. "at 02:13". */
  quoteAt: string;
  /** A list showing some of its items: "6 of 10". */
  shownOf: string;
}

const LABELS: Record<string, Labels> = {
  en: {
    type: {
      recipe: 'Recipe',
      tutorial: 'Tutorial',
      meeting_notes: 'Meeting notes',
      product_description: 'Product',
      enhanced: 'Key insights',
    },
    ingredients: 'Ingredients',
    steps: 'Steps',
    points: 'Key points',
    actions: 'Action items',
    quoteAt: 'at {t}',
    shownOf: '{n} of {total}',
  },
  es: {
    type: {
      recipe: 'Receta',
      tutorial: 'Tutorial',
      meeting_notes: 'Notas de reunión',
      product_description: 'Producto',
      enhanced: 'Ideas clave',
    },
    ingredients: 'Ingredientes',
    steps: 'Pasos',
    points: 'Puntos clave',
    actions: 'Tareas',
    quoteAt: 'en el {t}',
    shownOf: '{n} de {total}',
  },
  de: {
    type: {
      recipe: 'Rezept',
      tutorial: 'Anleitung',
      meeting_notes: 'Besprechungsnotizen',
      product_description: 'Produkt',
      enhanced: 'Kernaussagen',
    },
    ingredients: 'Zutaten',
    steps: 'Schritte',
    points: 'Kernpunkte',
    actions: 'Aufgaben',
    quoteAt: 'bei {t}',
    shownOf: '{n} von {total}',
  },
  fr: {
    type: {
      recipe: 'Recette',
      tutorial: 'Tutoriel',
      meeting_notes: 'Compte rendu',
      product_description: 'Produit',
      enhanced: 'Points forts',
    },
    ingredients: 'Ingrédients',
    steps: 'Étapes',
    points: 'Points clés',
    actions: 'Actions à mener',
    quoteAt: 'à {t}',
    shownOf: '{n} sur {total}',
  },
  zh: {
    type: {
      recipe: '食谱',
      tutorial: '教程',
      meeting_notes: '会议纪要',
      product_description: '产品',
      enhanced: '核心要点',
    },
    ingredients: '食材',
    steps: '步骤',
    points: '要点',
    actions: '待办事项',
    quoteAt: '于 {t}',
    shownOf: '{total} 项中的 {n} 项',
  },
  ja: {
    type: {
      recipe: 'レシピ',
      tutorial: 'チュートリアル',
      meeting_notes: '議事録',
      product_description: '製品',
      enhanced: '重要ポイント',
    },
    ingredients: '材料',
    steps: '手順',
    points: 'ポイント',
    actions: 'アクション項目',
    quoteAt: '{t} の発言',
    shownOf: '{total} 件中 {n} 件',
  },
  ko: {
    type: {
      recipe: '레시피',
      tutorial: '튜토리얼',
      meeting_notes: '회의록',
      product_description: '제품',
      enhanced: '핵심 인사이트',
    },
    ingredients: '재료',
    steps: '단계',
    points: '핵심 포인트',
    actions: '실행 항목',
    quoteAt: '{t} 발언',
    shownOf: '{total}개 중 {n}개',
  },
  hi: {
    type: {
      recipe: 'रेसिपी',
      tutorial: 'ट्यूटोरियल',
      meeting_notes: 'बैठक के नोट्स',
      product_description: 'उत्पाद',
      enhanced: 'मुख्य बातें',
    },
    ingredients: 'सामग्री',
    steps: 'चरण',
    points: 'मुख्य बिंदु',
    actions: 'कार्य बिंदु',
    quoteAt: '{t} पर',
    shownOf: '{total} में से {n}',
  },
  ta: {
    type: {
      recipe: 'சமையல் குறிப்பு',
      tutorial: 'பயிற்சி',
      meeting_notes: 'கூட்டக் குறிப்புகள்',
      product_description: 'தயாரிப்பு',
      enhanced: 'முக்கிய கருத்துகள்',
    },
    ingredients: 'தேவையான பொருட்கள்',
    steps: 'படிகள்',
    points: 'முக்கிய அம்சங்கள்',
    actions: 'செயல் பணிகள்',
    quoteAt: '{t} இல்',
    shownOf: '{total} இல் {n}',
  },
  te: {
    type: {
      recipe: 'వంటకం',
      tutorial: 'ట్యుటోరియల్',
      meeting_notes: 'సమావేశ గమనికలు',
      product_description: 'ఉత్పత్తి',
      enhanced: 'ముఖ్యాంశాలు',
    },
    ingredients: 'కావలసిన పదార్థాలు',
    steps: 'దశలు',
    points: 'ముఖ్య అంశాలు',
    actions: 'చర్య అంశాలు',
    quoteAt: '{t} వద్ద',
    shownOf: '{total} లో {n}',
  },
  ar: {
    type: {
      recipe: 'وصفة',
      tutorial: 'دليل تعليمي',
      meeting_notes: 'محضر اجتماع',
      product_description: 'منتج',
      enhanced: 'أفكار رئيسية',
    },
    ingredients: 'المكونات',
    steps: 'الخطوات',
    points: 'النقاط الرئيسية',
    actions: 'المهام المطلوبة',
    quoteAt: 'عند {t}',
    shownOf: '{n} من {total}',
  },
  he: {
    type: {
      recipe: 'מתכון',
      tutorial: 'מדריך',
      meeting_notes: 'סיכום פגישה',
      product_description: 'מוצר',
      enhanced: 'תובנות מרכזיות',
    },
    ingredients: 'מצרכים',
    steps: 'שלבים',
    points: 'נקודות עיקריות',
    actions: 'משימות לביצוע',
    quoteAt: 'ב־{t}',
    shownOf: '{n} מתוך {total}',
  },
  fa: {
    type: {
      recipe: 'دستور پخت',
      tutorial: 'آموزش',
      meeting_notes: 'صورت‌جلسه',
      product_description: 'محصول',
      enhanced: 'نکات کلیدی',
    },
    ingredients: 'مواد لازم',
    steps: 'مراحل',
    points: 'نکات اصلی',
    actions: 'کارهای پیگیری',
    quoteAt: 'در {t}',
    shownOf: '{n} از {total}',
  },
  ur: {
    type: {
      recipe: 'ترکیب',
      tutorial: 'رہنمائی',
      meeting_notes: 'اجلاس کی روداد',
      product_description: 'پروڈکٹ',
      enhanced: 'کلیدی بصیرتیں',
    },
    ingredients: 'اجزاء',
    steps: 'مراحل',
    points: 'اہم نکات',
    actions: 'کرنے کے کام',
    quoteAt: '{t} پر',
    shownOf: '{total} میں سے {n}',
  },
  th: {
    type: {
      recipe: 'สูตรอาหาร',
      tutorial: 'บทเรียน',
      meeting_notes: 'บันทึกการประชุม',
      product_description: 'ผลิตภัณฑ์',
      enhanced: 'ประเด็นสำคัญ',
    },
    ingredients: 'วัตถุดิบ',
    steps: 'ขั้นตอน',
    points: 'ประเด็นหลัก',
    actions: 'สิ่งที่ต้องทำ',
    quoteAt: 'เมื่อ {t}',
    shownOf: '{n} จาก {total}',
  },
  ru: {
    type: {
      recipe: 'Рецепт',
      tutorial: 'Руководство',
      meeting_notes: 'Протокол встречи',
      product_description: 'Продукт',
      enhanced: 'Главное',
    },
    ingredients: 'Ингредиенты',
    steps: 'Шаги',
    points: 'Ключевые моменты',
    actions: 'Задачи',
    quoteAt: 'на {t}',
    shownOf: '{n} из {total}',
  },
  el: {
    type: {
      recipe: 'Συνταγή',
      tutorial: 'Οδηγός',
      meeting_notes: 'Πρακτικά σύσκεψης',
      product_description: 'Προϊόν',
      enhanced: 'Βασικά συμπεράσματα',
    },
    ingredients: 'Υλικά',
    steps: 'Βήματα',
    points: 'Βασικά σημεία',
    actions: 'Ενέργειες',
    quoteAt: 'στο {t}',
    shownOf: '{n} από {total}',
  },
  it: {
    type: {
      recipe: 'Ricetta',
      tutorial: 'Guida',
      meeting_notes: 'Verbale della riunione',
      product_description: 'Prodotto',
      enhanced: 'Idee chiave',
    },
    ingredients: 'Ingredienti',
    steps: 'Passaggi',
    points: 'Punti chiave',
    actions: 'Azioni da fare',
    quoteAt: 'a {t}',
    shownOf: '{n} di {total}',
  },
  pt: {
    type: {
      recipe: 'Receita',
      tutorial: 'Guia',
      meeting_notes: 'Ata da reunião',
      product_description: 'Produto',
      enhanced: 'Ideias-chave',
    },
    ingredients: 'Ingredientes',
    steps: 'Passos',
    points: 'Pontos-chave',
    actions: 'Tarefas',
    quoteAt: 'aos {t}',
    shownOf: '{n} de {total}',
  },
  nl: {
    type: {
      recipe: 'Recept',
      tutorial: 'Handleiding',
      meeting_notes: 'Notulen',
      product_description: 'Product',
      enhanced: 'Kerninzichten',
    },
    ingredients: 'Ingrediënten',
    steps: 'Stappen',
    points: 'Kernpunten',
    actions: 'Actiepunten',
    quoteAt: 'op {t}',
    shownOf: '{n} van {total}',
  },
  pl: {
    type: {
      recipe: 'Przepis',
      tutorial: 'Poradnik',
      meeting_notes: 'Notatki ze spotkania',
      product_description: 'Produkt',
      enhanced: 'Najważniejsze wnioski',
    },
    ingredients: 'Składniki',
    steps: 'Kroki',
    points: 'Najważniejsze punkty',
    actions: 'Zadania',
    quoteAt: 'w {t}',
    shownOf: '{n} z {total}',
  },
  tr: {
    type: {
      recipe: 'Tarif',
      tutorial: 'Rehber',
      meeting_notes: 'Toplantı notları',
      product_description: 'Ürün',
      enhanced: 'Temel çıkarımlar',
    },
    ingredients: 'Malzemeler',
    steps: 'Adımlar',
    points: 'Önemli noktalar',
    actions: 'Yapılacaklar',
    quoteAt: '{t} anında',
    shownOf: '{total} içinden {n}',
  },
  sv: {
    type: {
      recipe: 'Recept',
      tutorial: 'Guide',
      meeting_notes: 'Mötesanteckningar',
      product_description: 'Produkt',
      enhanced: 'Viktiga insikter',
    },
    ingredients: 'Ingredienser',
    steps: 'Steg',
    points: 'Viktiga punkter',
    actions: 'Att göra',
    quoteAt: 'vid {t}',
    shownOf: '{n} av {total}',
  },
  da: {
    type: {
      recipe: 'Opskrift',
      tutorial: 'Vejledning',
      meeting_notes: 'Mødenotater',
      product_description: 'Produkt',
      enhanced: 'Vigtige indsigter',
    },
    ingredients: 'Ingredienser',
    steps: 'Trin',
    points: 'Hovedpunkter',
    actions: 'Opgaver',
    quoteAt: 'ved {t}',
    shownOf: '{n} af {total}',
  },
  no: {
    type: {
      recipe: 'Oppskrift',
      tutorial: 'Veiledning',
      meeting_notes: 'Møtenotater',
      product_description: 'Produkt',
      enhanced: 'Viktige innsikter',
    },
    ingredients: 'Ingredienser',
    steps: 'Trinn',
    points: 'Hovedpunkter',
    actions: 'Oppgaver',
    quoteAt: 'ved {t}',
    shownOf: '{n} av {total}',
  },
  fi: {
    type: {
      recipe: 'Resepti',
      tutorial: 'Opas',
      meeting_notes: 'Kokousmuistio',
      product_description: 'Tuote',
      enhanced: 'Keskeiset havainnot',
    },
    ingredients: 'Ainekset',
    steps: 'Vaiheet',
    points: 'Pääkohdat',
    actions: 'Tehtävät',
    quoteAt: 'kohdassa {t}',
    shownOf: '{n}/{total}',
  },
  id: {
    type: {
      recipe: 'Resep',
      tutorial: 'Panduan',
      meeting_notes: 'Notulen rapat',
      product_description: 'Produk',
      enhanced: 'Wawasan utama',
    },
    ingredients: 'Bahan',
    steps: 'Langkah',
    points: 'Poin penting',
    actions: 'Tindak lanjut',
    quoteAt: 'pada {t}',
    shownOf: '{n} dari {total}',
  },
  ms: {
    type: {
      recipe: 'Resipi',
      tutorial: 'Panduan',
      meeting_notes: 'Minit mesyuarat',
      product_description: 'Produk',
      enhanced: 'Pandangan utama',
    },
    ingredients: 'Bahan-bahan',
    steps: 'Langkah',
    points: 'Perkara utama',
    actions: 'Tindakan',
    quoteAt: 'pada {t}',
    shownOf: '{n} daripada {total}',
  },
  vi: {
    type: {
      recipe: 'Công thức',
      tutorial: 'Hướng dẫn',
      meeting_notes: 'Biên bản họp',
      product_description: 'Sản phẩm',
      enhanced: 'Ý chính',
    },
    ingredients: 'Nguyên liệu',
    steps: 'Các bước',
    points: 'Điểm chính',
    actions: 'Việc cần làm',
    quoteAt: 'lúc {t}',
    shownOf: '{n} trên {total}',
  },
};

/** The labels for a language (`pt-BR` → `pt`), English when there are none. */
export function labelsFor(language: string): Labels {
  const base = norwegian(primaryLanguage(language) || 'en');
  return LABELS[base] ?? (LABELS.en as Labels);
}

/** Norwegian Bokmål and Nynorsk (`nb`, `nn`) read the Norwegian labels. */
export const norwegian = (base: string) => (base === 'nb' || base === 'nn' ? 'no' : base);

/** A recording time as the player shows it: `02:13`, or `1:02:13` past an hour. */
export function formatTime(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(s / 3600);
  return h
    ? `${h}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`
    : `${two(Math.floor(s / 60))}:${two(s % 60)}`;
}
