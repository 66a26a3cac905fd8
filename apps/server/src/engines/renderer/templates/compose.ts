import { primaryLanguage } from '@voxpress/contracts';
import type { Diagram, RenderRequest } from '../renderer.ts';
import {
  type FittedText,
  fitTexts,
  sizeSteps,
  type TextBox,
  type TextMeasurer,
  type TextStyle,
} from '../text/fit-text.ts';
import { keepsWords, typeset } from '../text/typeset.ts';
import type {
  Block,
  Column,
  CompareBlock,
  CompareRow,
  Composition,
  HeaderBlock,
  ListBlock,
  ListItem,
  ListKind,
} from './composition.ts';
import { type Emphasis, emphasisFor, factIcon, orderFacts, type SectionKind } from './emphasis.ts';
import { iconFor } from './icon-meaning.ts';
import type { IconName } from './icons.ts';
import { formatTime, labelsFor } from './labels.ts';
import { metricsFor } from './metrics.ts';
import { motifFor } from './motifs.ts';
import { QR_QUIET_MODULES, qrCaption, qrModules } from './share-qr.ts';
import { themeForRequest } from './theme.ts';

export type * from './composition.ts';

const TYPE_ICON: Record<RenderRequest['contentType'], IconName> = {
  recipe: 'chef-hat',
  tutorial: 'list-numbers',
  meeting_notes: 'notes',
  product_description: 'package',
  enhanced: 'sparkles',
};

const MAX_ITEMS = 10;

/** Content languages written in Latin script. */
const LATIN_LANGUAGES = new Set(['en', 'es', 'de', 'fr', 'it', 'pt', 'nl']);

/**
 * Plans an infographic: which sections the data and the audience call for, where each goes for
 * the canvas's shape, every text fitted with the renderer's own measurement, and as many list
 * items as the room allows (in the order given, never cut mid-item).
 */
export async function compose(given: RenderRequest, measurer: TextMeasurer): Promise<Composition> {
  const request = given.diagram === 'timeline' ? inTimeOrder(given) : given;
  const first = await composeAt(request, measurer, 1);
  if (first.dropped) {
    // Dense content (a square recipe): smaller text, and a smaller title, when that shows more.
    let best = first;
    for (const scale of [0.86, 0.74]) {
      const denser = await composeAt(request, measurer, scale);
      if (denser.shown > best.shown) best = denser;
      if (!denser.dropped) break;
    }
    return best.composition;
  }
  // A canvas with room to spare (a story with a short recipe) gets larger text, once.
  if (first.fill > 0.78) return first.composition;
  const scale = Math.min(1.35, Math.sqrt(0.9 / Math.max(first.fill, 0.3)));
  if (scale < 1.06) return first.composition;
  const second = await composeAt(request, measurer, scale);
  return second.dropped ? first.composition : second.composition;
}

async function composeAt(
  request: RenderRequest,
  measurer: TextMeasurer,
  scale: number,
): Promise<{ composition: Composition; fill: number; dropped: boolean; shown: number }> {
  const { data, width, height } = request;
  const m = metricsFor(width, height);
  const { u } = m;
  const theme = themeForRequest(request);
  // The brand's logo sits in the eyebrow's row, at the end: as tall as a pill, at most ~3:1 wide.
  const brandLogo = request.brand?.logo;
  const logoH = brandLogo
    ? Math.round(56 * (width / height < 0.8 ? 1.15 : 1) * metricsFor(width, height).u)
    : 0;
  const logo = brandLogo
    ? {
        url: brandLogo.url,
        height: logoH,
        width: Math.min(Math.round(logoH * 3.2), Math.round((logoH * brandLogo.width) / brandLogo.height)),
      }
    : null;
  const labels = labelsFor(data.language);
  const diagram = request.diagram ?? 'cards';
  const emphasis = withDiagram(emphasisFor(request.contentType, request.audience, data), diagram, request);
  const flowKind = diagram === 'flow' ? flowList(emphasis.display) : null;
  const timed = diagram === 'timeline' ? timedPoints(request) : null;
  const portrait = m.format === 'portrait';

  const px = (n: number) => Math.round(n * u);
  /** Text sizes: design pixels times the scale the content earned. */
  const ts = (n: number) => Math.round(n * u * scale);
  const body: TextStyle = { fontFamily: theme.bodyFont, fontWeight: 400, lineHeight: 1.38 };
  const strong: TextStyle = { ...body, fontWeight: theme.bodyFont === theme.displayFont ? 600 : 700 };
  // Spaced capitals are a Latin convention: other scripts keep their natural spacing.
  const latin = LATIN_LANGUAGES.has(primaryLanguage(data.language));
  const caps: TextStyle = {
    fontFamily: theme.bodyFont === theme.displayFont ? theme.bodyFont : theme.bodyFont,
    fontWeight: 700,
    lineHeight: 1.25,
    letterSpacing: latin ? 0.14 : 0,
    textTransform: latin ? 'uppercase' : 'none',
  };
  const display: TextStyle = {
    fontFamily: theme.displayFont,
    fontWeight: theme.displayWeight,
    lineHeight: 1.08,
    letterSpacing: theme.titleTracking,
  };
  const quoteStyle: TextStyle = {
    fontFamily: theme.quoteFont,
    fontWeight: theme.quoteFont === theme.displayFont ? theme.quoteWeight : 500,
    fontStyle: theme.quoteItalic ? 'italic' : 'normal',
    lineHeight: 1.32,
  };

  // Columns: landscape canvases put the header, figures and quote beside the lists.
  const innerW = width - 2 * m.padX;
  const lists = emphasis.display.filter((k): k is ListKind => isList(k));
  const comparing = emphasis.display.includes('compare') && data.comparison !== undefined;
  const twoColumns = m.format === 'landscape' && (lists.length > 0 || comparing);
  const colGap = px(64);
  const leftW = twoColumns ? Math.round((innerW - colGap) * 0.42) : innerW;
  const rightW = twoColumns ? innerW - colGap - leftW : innerW;
  // A quote card leads the wide column, where it has the room to be read.
  const leftKinds: SectionKind[] = twoColumns
    ? emphasis.display.filter((k) => k === 'facts' || (k === 'quote' && diagram !== 'quote'))
    : [];
  const rightKinds = emphasis.display.filter((k) => !leftKinds.includes(k));
  const cardPad = theme.card ? px(portrait ? 36 : 32) : 0;
  const itemGap = px(portrait ? 20 : 14);
  const labelGap = px(16);
  const split =
    m.format === 'square' &&
    lists.includes('ingredients') &&
    lists.includes('steps') &&
    rightKinds.includes('steps');

  const bodySize = ts(portrait ? 34 : m.format === 'landscape' ? 28 : 30);
  const boxes: TextBox[] = [];
  const keepAll = keepsWords(data.language);
  const add = (box: TextBox) =>
    boxes.push({
      ...box,
      text: typeset(box.text, data.language),
      style: keepAll ? { ...box.style, wordBreak: 'keep-all' } : box.style,
    }) - 1;

  // Header.
  const headerW = leftW;
  const eyebrowSize = px(22);
  const eyebrowIcon = px(28);
  const eyebrowPillX = theme.eyebrow === 'pill' ? px(20) : 0;
  const eyebrowI = add({
    text: labels.type[request.contentType],
    width: headerW - eyebrowIcon - px(12) - 2 * eyebrowPillX - (logo ? logo.width + px(24) : 0),
    maxLines: 1,
    sizes: [eyebrowSize, px(18)],
    style: {
      ...caps,
      fontFamily: theme.eyebrowFont === 'body' ? theme.bodyFont : 'Inter',
      letterSpacing: latin ? 0.16 : 0,
    },
  });
  const titleMax = portrait ? 100 : m.format === 'landscape' ? 80 : 84;
  const titleLines = portrait ? 5 : m.format === 'landscape' ? (twoColumns ? 4 : 3) : 3;
  const titleI = add({
    text: data.title.trim(),
    width: headerW,
    maxLines: titleLines,
    // Dense content earns a smaller title too, so the body keeps its items.
    sizes: sizeSteps(px(titleMax * Math.min(1, scale)), px(titleMax * 0.5 * Math.min(1, scale)), 7),
    maxHeight: Math.round(height * (portrait ? 0.24 : twoColumns ? 0.4 : 0.22) * Math.min(1, scale) ** 2),
    style: display,
  });
  const subtitleI = data.subtitle?.trim()
    ? add({
        text: data.subtitle.trim(),
        width: headerW,
        maxLines: 2,
        sizes: [ts(portrait ? 36 : 30), ts(portrait ? 30 : 26)],
        style: { ...body, lineHeight: 1.35 },
      })
    : -1;

  // Lists.
  const listWidth = (kind: ListKind, columnW: number): number => {
    if (!split) return columnW;
    return kind === 'ingredients'
      ? Math.round((columnW - px(32)) * 0.4)
      : columnW - px(32) - Math.round((columnW - px(32)) * 0.4);
  };
  const lineH = Math.round(bodySize * body.lineHeight);
  const timeSize = Math.round(bodySize * 0.82);
  const timeChars = Math.max(5, ...(timed ?? []).map((t) => (t === null ? 0 : formatTime(t).length)));
  const markerW = (kind: ListKind) => {
    if (timed && kind === 'points') return Math.ceil(timeSize * 0.64 * timeChars) + px(8);
    if (kind === flowKind) return Math.round(lineH * 1.05);
    if (kind === 'steps')
      return theme.stepMark === 'disc' ? Math.round(lineH * 1.05) : Math.round(bodySize * 1.5);
    if (kind === 'ingredients') return px(22);
    return Math.round(lineH * 0.8);
  };
  const markerGap = px(18);
  const labelIconRoom = Math.round(ts(22) * 1.3) + px(10);
  const listColumnW = twoColumns ? rightW : innerW;
  const listPlans = new Map<
    ListKind,
    {
      label: number;
      qtyWidth: number;
      items: { text: number; owner: number; time: number; qty: number }[];
      twoUp: boolean;
      flowColumns: boolean;
      width: number;
    }
  >();
  for (const kind of lists) {
    const w = listWidth(kind, listColumnW) - 2 * cardPad;
    const texts = listTexts(kind, request);
    // On a tall canvas ingredients with quantities stay in one column, their amounts aligned.
    const aligned = portrait && kind === 'ingredients' && quantities(texts.map((t) => t.text)) !== null;
    const twoUp =
      kind === 'ingredients' && !split && w >= px(640) && texts.length > 3 && kind !== flowKind && !aligned;
    // A long numbered flow on a wide canvas runs down two columns rather than off the bottom.
    const flowColumns =
      m.format === 'landscape' && kind === flowKind && texts.length >= 6 && w >= px(880) && !split;
    const fullItemW =
      (twoUp || flowColumns ? Math.floor((w - px(flowColumns ? 48 : 32)) / 2) : w) -
      markerW(kind) -
      markerGap;
    // Ingredients in one wide column get their quantities in a column of their own, aligned,
    // when most have one; a narrow column keeps its room for the names.
    const qtys =
      kind === 'ingredients' && !twoUp && fullItemW >= bodySize * 12
        ? quantities(texts.map((t) => t.text))
        : null;
    const qtyW = qtys
      ? Math.min(
          Math.round(fullItemW * 0.38),
          Math.ceil(bodySize * 0.6 * Math.max(...qtys.map((q) => q?.qty.length ?? 0))) + px(8),
        )
      : 0;
    const qtyGap = qtyW ? px(14) : 0;
    const itemW = fullItemW - qtyW - qtyGap;
    // Items wrap rather than lose words; when the room runs out, whole items are left out.
    const maxLines = kind === 'ingredients' ? 3 : kind === 'steps' && emphasis.roomySteps ? 6 : 5;
    listPlans.set(kind, {
      label: add({
        text: sectionLabel(kind, labels),
        // Room for the section's icon before its name.
        width: w - labelIconRoom,
        maxLines: 1,
        sizes: [ts(22), ts(18)],
        style: caps,
      }),
      qtyWidth: qtyW,
      items: texts.slice(0, MAX_ITEMS).map((t, i) => ({
        qty: qtys?.[i]
          ? add({
              text: qtys[i].qty,
              width: qtyW,
              maxLines: 1,
              sizes: [bodySize, Math.round(bodySize * 0.86), Math.round(bodySize * 0.74)],
              style: strong,
            })
          : -1,
        text: add({
          text: qtys?.[i]?.rest ?? t.text,
          width: itemW,
          maxLines,
          sizes: [bodySize],
          style: kind === 'steps' ? body : body,
        }),
        owner: t.owner
          ? add({
              text: t.owner,
              width: itemW,
              maxLines: 1,
              sizes: [Math.round(bodySize * 0.8)],
              style: strong,
            })
          : -1,
        time:
          timed && kind === 'points' && typeof timed[i] === 'number'
            ? add({
                text: formatTime(timed[i] as number),
                width: markerW(kind),
                maxLines: 1,
                sizes: [timeSize, Math.round(timeSize * 0.8)],
                style: { ...strong, fontFamily: 'Inter', fontWeight: 700, lineHeight: body.lineHeight },
              })
            : -1,
      })),
      twoUp,
      flowColumns,
      width: w,
    });
  }

  // Comparison: two sides of equal width, a rule between them, items in level rows.
  const compareGap = px(44);
  const compareSideW = Math.floor((listColumnW - 2 * cardPad - compareGap) / 2);
  const compareMarkerW = Math.round(lineH * 0.78);
  const compareTextW = compareSideW - compareMarkerW - px(14);
  const comparison = comparing ? data.comparison : undefined;
  const compareRows = comparison
    ? Array.from(
        { length: Math.min(8, Math.max(comparison.left.items.length, comparison.right.items.length)) },
        (_, i) =>
          ([comparison.left.items[i], comparison.right.items[i]] as const).map((t) =>
            t?.trim()
              ? add({ text: t.trim(), width: compareTextW, maxLines: 5, sizes: [bodySize], style: body })
              : -1,
          ),
      )
    : [];
  const compareLabels = comparison
    ? ([comparison.left.label, comparison.right.label] as const).map((t) =>
        add({
          text: t.trim(),
          width: compareSideW,
          maxLines: 2,
          sizes: sizeSteps(ts(34), ts(24), 4),
          style: { ...display, lineHeight: 1.15, letterSpacing: 0 },
        }),
      )
    : [];

  // Figures.
  const factsColumnW = twoColumns ? leftW : innerW;
  const allFacts = orderFacts(
    (data.facts ?? []).filter((f) => f.value.trim()),
    request.audience,
  );
  const factGap = px(16);
  const maxFacts = Math.max(1, Math.min(4, Math.floor((factsColumnW + factGap) / (px(220) + factGap))));
  const facts = allFacts.slice(0, Math.min(maxFacts, allFacts.length >= 4 && maxFacts >= 4 ? 4 : 3));
  const factPad = theme.card ? px(26) : px(8);
  // One or two figures do not stretch across the canvas.
  const cardWidth = facts.length
    ? Math.min(px(360), Math.floor((factsColumnW - factGap * (facts.length - 1)) / facts.length))
    : 0;
  // Big-number tiles: the figures are what a `figures` variation is about.
  const factValueMax =
    (diagram === 'figures' ? 104 : emphasis.bigFacts ? 76 : 64) * (facts.length >= 4 ? 0.85 : 1);
  const factIdx = facts.map((f) => ({
    value: add({
      text: f.value.trim(),
      width: cardWidth - 2 * factPad,
      maxLines: 1,
      sizes: sizeSteps(ts(factValueMax), ts(30), 6),
      style: {
        ...display,
        fontFamily: theme.factFont === 'display' ? theme.displayFont : 'Inter',
        fontWeight: 800,
        lineHeight: 1.1,
        letterSpacing: -0.02,
      },
    }),
    label: f.label.trim()
      ? add({
          text: f.label.trim(),
          width: cardWidth - 2 * factPad,
          maxLines: 2,
          sizes: [ts(21), ts(18)],
          style: { ...body, fontFamily: 'Inter', fontWeight: 500, lineHeight: 1.3 },
        })
      : -1,
    icon: factIcon(f),
  }));

  // Quote.
  const quoteColumnW = twoColumns ? leftW : innerW;
  const quotePad = theme.quoteBg ? px(34) : 0;
  const quoteBar = theme.quoteRule ? px(28) : 0;
  const quoteTextW = quoteColumnW - 2 * quotePad - quoteBar;
  const quoteI = data.quote?.text.trim()
    ? add({
        text: `“${data.quote.text.trim().replace(/^["“”]+|["“”]+$/g, '')}”`,
        width: quoteTextW,
        maxLines: portrait ? 8 : 6,
        // A quote card leads its variation: set large, shrinking before it wraps long.
        sizes:
          diagram === 'quote'
            ? sizeSteps(ts(portrait ? 64 : 54), ts(28), 6)
            : sizeSteps(ts(portrait ? 40 : 34), ts(24), 4),
        style: quoteStyle,
      })
    : -1;
  // Who said it and when: "Maria · at 06:52", either alone when only one is known.
  const caption = data.quote
    ? [
        data.quote.speaker?.trim(),
        data.quote.start !== null ? labels.quoteAt.replace('{t}', formatTime(data.quote.start)) : '',
      ]
        .filter(Boolean)
        .join(' · ')
    : '';
  const captionI =
    caption && quoteI >= 0
      ? add({
          text: caption,
          width: quoteTextW,
          maxLines: 1,
          sizes: [ts(22)],
          style: {
            ...caps,
            fontFamily: 'Inter',
            letterSpacing: 0.08,
            textTransform: 'none',
            fontWeight: 600,
          },
        })
      : -1;

  // The share page's QR code keeps the bottom end corner: whole pixels per module, ~136 design px.
  const qrCode = request.shareUrl ? qrModules(request.shareUrl) : null;
  const qrSide = qrCode ? qrCode.count + 2 * QR_QUIET_MODULES : 0;
  const qrCell = qrCode ? Math.max(2, Math.round(px(136) / qrSide)) : 0;
  const qrSize = qrCell * qrSide;
  const qrWidth = qrCode ? Math.max(qrSize, px(176)) : 0;
  const qrCaptionI = request.shareUrl
    ? add({
        text: qrCaption(request.shareUrl),
        width: qrWidth,
        maxLines: 1,
        sizes: [px(16), px(14), px(12)],
        style: { ...body, fontFamily: 'Inter', fontWeight: 500 },
      })
    : -1;

  // The brand's footer line stands in for the content's.
  const footerText = (request.brand?.footer ?? data.footer)?.trim();
  const footerI = footerText
    ? add({
        text: footerText,
        // Clear of the QR code; a centred line keeps as much room on the other side.
        width: innerW - (qrCode ? (theme.align === 'center' ? 2 : 1) * (qrWidth + px(24)) : 0),
        maxLines: 1,
        sizes: [px(22), px(18)],
        style: { ...body, fontFamily: 'Inter', fontWeight: 500 },
      })
    : -1;

  const fitted = await fitTexts(boxes, data.language, measurer);
  const get = (i: number): FittedText | null => (i >= 0 ? (fitted[i] ?? null) : null);
  const must = (i: number): FittedText => {
    const f = fitted[i];
    if (!f) throw new Error('A text box was not fitted');
    return f;
  };

  // Tags: as many as fit on one line, in order.
  const tagsText = await fitTags(data.tags ?? [], innerW, ts(24), theme.bodyFont, data.language, measurer);

  // The header, then each section as it fits.
  const eyebrow = must(eyebrowI);
  const title = must(titleI);
  const subtitle = get(subtitleI);
  const eyebrowH = Math.max(
    Math.max(eyebrowIcon, eyebrow.height) + (theme.eyebrow === 'pill' ? 2 * px(10) : 0),
    logo?.height ?? 0,
  );
  const header: HeaderBlock = {
    eyebrow,
    eyebrowIcon: TYPE_ICON[request.contentType],
    eyebrowHeight: eyebrowH,
    title,
    subtitle,
    height: eyebrowH + px(28) + title.height + (subtitle ? px(22) + subtitle.height : 0),
  };
  const footer = get(footerI);
  const qrCaptionText = get(qrCaptionI);
  const qr =
    qrCode && qrCaptionText
      ? {
          modules: qrCode,
          cell: qrCell,
          size: qrSize,
          width: qrWidth,
          height: qrSize + px(6) + qrCaptionText.height,
          caption: qrCaptionText,
        }
      : null;
  const footerH = Math.max(footer ? footer.height + px(24) : 0, qr ? qr.height + px(24) : 0);
  const innerH = height - 2 * m.padY - footerH;

  const buildList = (kind: ListKind, room: number, maxItems = MAX_ITEMS): ListBlock | null => {
    const plan = listPlans.get(kind);
    if (!plan) return null;
    const label = must(plan.label);
    const chrome = 2 * cardPad + label.height + labelGap;
    const items: ListItem[] = [];
    const times: (FittedText | null)[] = [];
    let used = chrome;
    const rowsOf = (list: ListItem[]) => {
      if (plan.twoUp) return pairHeights(list);
      if (!plan.flowColumns) return list.map((i) => i.height);
      // Down two columns: the taller column, its gaps counted in, as one row.
      const half = Math.ceil(list.length / 2);
      const col = (part: ListItem[]) =>
        part.reduce((a, i) => a + i.height, 0) + itemGap * Math.max(0, part.length - 1);
      return [Math.max(col(list.slice(0, half)), col(list.slice(half)))];
    };
    for (const it of plan.items) {
      if (items.length >= maxItems) break;
      const text = must(it.text);
      if (!text.text) continue;
      const owner = get(it.owner);
      const itemH = Math.max(
        kind === 'steps' && theme.stepMark === 'disc' ? Math.round(lineH * 1.05) : lineH,
        text.height + (owner ? px(6) + owner.height : 0),
      );
      const qty = get(it.qty) ?? undefined;
      const next = [...items, { text, owner: owner ?? undefined, qty, height: itemH }];
      const rows = rowsOf(next);
      const h = chrome + rows.reduce((a, b) => a + b, 0) + itemGap * Math.max(0, rows.length - 1);
      if (h > room) break;
      // A key point gets an icon for what it is about (money, time, people…) where its words say.
      const icon = kind === 'points' && !timed ? (iconFor(text.text) ?? undefined) : undefined;
      items.push({ text, owner: owner ?? undefined, qty, height: itemH, ...(icon ? { icon } : {}) });
      times.push(get(it.time));
      used = h;
    }
    if (!items.length) return null;
    return {
      kind,
      label,
      items,
      twoUp: plan.twoUp,
      flowColumns: plan.flowColumns,
      markerWidth: markerW(kind),
      qtyWidth: plan.qtyWidth,
      connect: kind === flowKind || (timed !== null && kind === 'points'),
      times: timed && kind === 'points' ? times : null,
      height: used,
    };
  };

  const buildCompare = (room: number, cap: number): CompareBlock | null => {
    if (!comparison) return null;
    const [l, r] = compareLabels.map(must) as [FittedText, FittedText];
    const labelH = Math.max(l.height, r.height);
    const chrome = 2 * cardPad + labelH + px(6) + Math.max(2, px(5)) + labelGap;
    const rows: CompareRow[] = [];
    let used = chrome;
    for (const [li, ri] of compareRows) {
      if (rows.length >= cap) break;
      const left = get(li ?? -1);
      const right = get(ri ?? -1);
      const height = Math.max(lineH, left?.height ?? 0, right?.height ?? 0);
      const h = used + height + (rows.length ? itemGap : 0);
      if (h > room) break;
      rows.push({ left, right, height });
      used = h;
    }
    if (!rows.length) return null;
    return {
      kind: 'compare',
      labels: [l, r],
      rows,
      tone: comparison.tone,
      sideWidth: compareSideW,
      markerWidth: compareMarkerW,
      height: used,
    };
  };

  const buildBlock = (kind: SectionKind, room: number, cap = MAX_ITEMS): Block | null => {
    switch (kind) {
      case 'compare':
        return buildCompare(room, cap);
      case 'facts': {
        if (!factIdx.length) return null;
        const size = Math.min(...factIdx.map((f) => must(f.value).fontSize));
        const entries = factIdx.map((f) => {
          const v = must(f.value);
          const value = {
            ...v,
            fontSize: size,
            lineHeightPx: Math.round(size * 1.1),
            height: Math.round(size * 1.1),
          };
          return { value, label: get(f.label), icon: f.icon };
        });
        const labelH = Math.max(0, ...entries.map((e) => e.label?.height ?? 0));
        const h =
          2 * factPad + px(30) + px(14) + (entries[0]?.value.height ?? 0) + (labelH ? px(8) + labelH : 0);
        const shares = diagram === 'figures' ? sharesOf(entries.map((e) => e.value.text)) : null;
        const barH = shares ? px(12) + px(10) : 0;
        const total = h + barH;
        return total <= room
          ? { kind: 'facts', facts: entries, cardWidth, shares, tiles: diagram === 'figures', height: total }
          : null;
      }
      case 'quote': {
        const text = get(quoteI);
        if (!text?.text) return null;
        const caption = get(captionI);
        const mark = theme.quoteBg ? px(40) + px(12) : 0;
        const h =
          2 * quotePad +
          mark +
          text.height +
          (caption ? px(16) + caption.height : 0) +
          (theme.quoteBg ? 0 : px(8));
        return h <= room ? { kind: 'quote', text, caption, height: h } : null;
      }
      case 'tags': {
        if (!tagsText) return null;
        return tagsText.height <= room ? { kind: 'tags', text: tagsText, height: tagsText.height } : null;
      }
      default:
        return buildList(kind, room);
    }
  };

  /**
   * Fills a column in rounds, so the content type's own lists come first without crowding out
   * the rest: each primary list with its first item, the figures, the primary lists up to three
   * items, the primary lists in full, the quote, then the other sections while room remains.
   * Busy parents get the figures before anything else.
   */
  const pack = (
    kinds: SectionKind[],
    room: number,
  ): { blocks: Block[]; spare: number; dropped: boolean; shown: number } => {
    const chosen = new Map<SectionKind, Block>();
    let left = room;
    const inColumn = emphasis.priority.filter((k) => kinds.includes(k));
    const primary = inColumn.filter((k) => emphasis.primary.includes(k));
    const others = inColumn.filter((k) => !primary.includes(k) && k !== 'facts' && k !== 'quote');
    const key = (k: SectionKind): SectionKind => (split && k === 'steps' ? 'ingredients' : k);
    const build = (k: SectionKind, roomFor: number, cap: number): Block | null => {
      if (split && (k === 'ingredients' || k === 'steps')) {
        const a = buildList('ingredients', roomFor, cap);
        const b = buildList('steps', roomFor, cap);
        if (a && b) {
          const leftWidth = listWidth('ingredients', listColumnW);
          return { kind: 'split', left: a, right: b, leftWidth, height: Math.max(a.height, b.height) };
        }
        return a ?? b;
      }
      return isList(k) ? buildList(k, roomFor, cap) : buildBlock(k, roomFor, cap);
    };
    const place = (k: SectionKind, cap: number) => {
      const at = key(k);
      const current = chosen.get(at);
      if (current && !(isList(k) || current.kind === 'split' || current.kind === 'compare')) return;
      const gap = current || chosen.size === 0 ? 0 : m.gap;
      const block = build(k, (current?.height ?? 0) + left - gap, cap);
      if (!block) return;
      left -= block.height - (current?.height ?? 0) + gap;
      chosen.set(at, block);
    };
    const rounds: [SectionKind[], number][] = [
      ...(diagram === 'quote' ? ([[['quote'], 1]] as [SectionKind[], number][]) : []),
      ...(emphasis.bigFacts ? ([[['facts'], 1]] as [SectionKind[], number][]) : []),
      [primary, 1],
      [['facts'], 1],
      [primary, emphasis.roomySteps ? 4 : 3],
      // The content type's own lists in full come before the quote: a recipe keeps its method.
      [primary, MAX_ITEMS],
      [['quote'], 1],
      [others, 2],
      [others, MAX_ITEMS],
    ];
    for (const [list, cap] of rounds) for (const k of list) if (inColumn.includes(k)) place(k, cap);
    const shown = (k: SectionKind): number => {
      const b = chosen.get(key(k));
      if (!b) return 0;
      if (b.kind === 'split') return k === 'ingredients' ? b.left.items.length : b.right.items.length;
      if (b.kind === 'compare') return b.rows.length;
      return 'items' in b ? b.items.length : 1;
    };
    const dropped =
      primary.some((k) => shown(k) < totalOf(k)) ||
      inColumn.some((k) => (k === 'facts' || k === 'quote') && !shown(k));
    const blocks = kinds.flatMap((k) => {
      if (split && k === 'steps') return [];
      const b = chosen.get(k);
      return b ? [b] : [];
    });
    return { blocks, spare: left, dropped, shown: inColumn.reduce((n, k) => n + shown(k), 0) };
  };
  const totalOf = (k: SectionKind) =>
    k === 'compare' ? compareRows.length : isList(k) ? Math.min(MAX_ITEMS, listTexts(k, request).length) : 1;

  const headerGap = px(portrait ? 56 : 40);
  const columns: Column[] = [];
  const packs: { room: number; spare: number; dropped: boolean; shown: number }[] = [];
  const column = (left: number, w: number, head: HeaderBlock | null, kinds: SectionKind[]) => {
    const room = innerH - (head ? head.height + headerGap : 0);
    const packed = pack(kinds, room);
    packs.push({ room, spare: packed.spare, dropped: packed.dropped, shown: packed.shown });
    columns.push({ left, top: m.padY, width: w, height: innerH, header: head, blocks: packed.blocks });
  };
  if (twoColumns) {
    column(m.padX, leftW, header, leftKinds);
    column(m.padX + leftW + colGap, rightW, null, rightKinds);
    // Tags the full column had no room for go under the header when that column has some.
    const [leftCol, rightCol] = columns;
    const leftPack = packs[0];
    if (
      leftCol &&
      rightCol &&
      leftPack &&
      rightKinds.includes('tags') &&
      !rightCol.blocks.some((b) => b.kind === 'tags')
    ) {
      const tags = await fitTags(data.tags ?? [], leftW, ts(24), theme.bodyFont, data.language, measurer);
      const gap = leftCol.blocks.length ? m.gap : 0;
      if (tags && tags.height + gap <= leftPack.spare) {
        leftCol.blocks.push({ kind: 'tags', text: tags, height: tags.height });
        leftPack.spare -= tags.height + gap;
      }
    }
  } else {
    column(m.padX, innerW, header, rightKinds);
  }
  // A list showing part of its items says so in its label ("Steps · 4 of 6"), so a count shown
  // elsewhere (a "6 steps" figure) matches what is listed.
  const omitted: Composition['omitted'] = [];
  const partial: { block: ListBlock; total: number; text: string }[] = [];
  const shownKinds = new Set<SectionKind>();
  for (const col of columns)
    for (const b of col.blocks) {
      const listed = b.kind === 'split' ? [b.left, b.right] : isList(b.kind) ? [b as ListBlock] : [];
      if (!listed.length) shownKinds.add(b.kind as SectionKind);
      if (b.kind === 'compare' && b.rows.length < compareRows.length)
        omitted.push({ section: 'comparison', shown: b.rows.length, total: compareRows.length });
      for (const l of listed) {
        shownKinds.add(l.kind);
        const total = listTexts(l.kind, request).length;
        if (l.items.length >= total) continue;
        omitted.push({ section: l.kind, shown: l.items.length, total });
        const count = labels.shownOf.replace('{n}', String(l.items.length)).replace('{total}', String(total));
        partial.push({
          block: l,
          total,
          text: typeset(`${sectionLabel(l.kind, labels)} · ${count}`, data.language),
        });
      }
    }
  for (const k of emphasis.display)
    if (!shownKinds.has(k) && hasContent(k, request))
      omitted.push({ section: k, shown: 0, total: isList(k) ? listTexts(k, request).length : 1 });
  if (partial.length) {
    const got = await measurer.measure(
      partial.map(({ block, text }) => ({
        text,
        width: block.label.width,
        fontSize: block.label.fontSize,
        lineHeightPx: block.label.lineHeightPx,
        style: block.label.style,
      })),
      data.language,
    );
    partial.forEach((p, i) => {
      const g = got[i];
      if (g && g.lines <= 1 && g.width <= p.block.label.width + 1)
        p.block.label = { ...p.block.label, text: p.text, inkWidth: Math.ceil(g.width) + 2 };
    });
  }

  // How full the fullest column is: the body's share of the room it had.
  const fill = Math.max(...packs.map((p) => (p.room > 0 ? 1 - p.spare / p.room : 1)));
  const dropped = packs.some((p) => p.dropped);

  const composition: Composition = {
    request,
    diagram,
    theme,
    metrics: m,
    columns,
    footer,
    motif: motifFor(
      request.culturalContext,
      // The pattern keeps to the top margin and the eyebrow's row, above any title or list.
      { width, height, pad: m.padY, band: m.padY + eyebrowH + px(8) },
      theme.motifColor,
      theme.motifOpacity,
    ),
    cardPad,
    itemGap,
    labelGap,
    omitted,
    logo,
    qr,
  };
  return { composition, fill, dropped, shown: packs.reduce((n, p) => n + p.shown, 0) };
}

/** The sections reordered for a structure: what the structure draws comes first and gets room first. */
function withDiagram(e: Emphasis, diagram: Diagram, request: RenderRequest): Emphasis {
  // The section a structure draws leads, even where the content type would not show it.
  const lead = (list: SectionKind[], k: SectionKind) =>
    list.includes(k) || hasContent(k, request) ? [k, ...list.filter((x) => x !== k)] : list;
  switch (diagram) {
    case 'quote':
      return { ...e, display: lead(e.display, 'quote'), priority: lead(e.priority, 'quote') };
    case 'figures':
      return { ...e, display: lead(e.display, 'facts'), priority: lead(e.priority, 'facts'), bigFacts: true };
    case 'flow': {
      const k = flowList(e.display);
      if (!k) return e;
      return { ...e, priority: lead(e.priority, k), primary: [k, ...e.primary.filter((x) => x !== k)] };
    }
    case 'comparison':
      if (!request.data.comparison) return e;
      return {
        ...e,
        display: ['compare', ...e.display],
        priority: ['compare', ...e.priority],
        // The comparison is what this structure is about: it gets its rows before any other list.
        primary: ['compare'],
      };
    case 'timeline':
      if (!timedPoints(request)) return e;
      return {
        ...e,
        display: lead(e.display, 'points'),
        priority: lead(e.priority, 'points'),
        primary: ['points', ...e.primary.filter((x) => x !== 'points')],
      };
    default:
      return e;
  }
}

const QUANTITY =
  /^((?:about\s+|ca\.?\s+)?[\d¼½¾⅓⅔⅛⅜⅝⅞]+(?:[.,/]\d+)?(?:\s?[¼½¾⅓⅔⅛])?(?:\s?[-–]\s?[\d¼½¾]+)?(?:\s?(?:g|kg|mg|ml|l|dl|cl|oz|lbs?|cups?|tbsp|tsp|tablespoons?|teaspoons?|cloves?|pinch(?:es)?|pints?|quarts?|cans?|slices?|EL|TL|Stück)\b\.?)?)\s+(\S.*)$/iu;

/**
 * Each ingredient's leading quantity ("¾ tablespoon", "200 g") apart from the rest, when at least
 * half of them start with one; null otherwise. An ingredient without a quantity gets null.
 */
export function quantities(items: string[]): ({ qty: string; rest: string } | null)[] | null {
  const parts = items.map((t) => {
    const m = QUANTITY.exec(t.trim());
    return m?.[1] && m[2] ? { qty: m[1].trim(), rest: m[2].trim() } : null;
  });
  const found = parts.filter((p) => p !== null).length;
  return found >= 2 && found * 2 >= items.length ? parts : null;
}

/** The list a numbered flow draws: the steps, else the action items. */
function flowList(display: SectionKind[]): ListKind | null {
  if (display.includes('steps')) return 'steps';
  if (display.includes('actions')) return 'actions';
  return null;
}

/** The recording times of the key points, in list order, when at least two have one. */
/** A timeline reads in the order things were said, whatever order its points came in. */
function inTimeOrder(request: RenderRequest): RenderRequest {
  const at = (start: number | null) => start ?? Number.POSITIVE_INFINITY;
  const points = [...request.data.points].sort((a, b) => {
    const d = at(a.start) - at(b.start);
    return Number.isNaN(d) ? 0 : d;
  });
  return { ...request, data: { ...request.data, points } };
}

export function timedPoints(request: RenderRequest): (number | null)[] | null {
  const times = request.data.points.filter((p) => p.text.trim()).map((p) => p.start);
  return times.filter((t) => t !== null).length >= 2 ? times : null;
}

/** Each figure as a share of a whole, when every one is a percentage from 0 to 100. */
export function sharesOf(values: string[]): number[] | null {
  if (values.length < 1) return null;
  const shares: number[] = [];
  for (const v of values) {
    const m = /^\s*(\d{1,3}(?:[.,]\d+)?)\s*%\s*$/.exec(v);
    if (!m?.[1]) return null;
    const n = Number(m[1].replace(',', '.'));
    if (!(n >= 0 && n <= 100)) return null;
    shares.push(n / 100);
  }
  return shares;
}

/** Whether the request holds anything for a section. */
function hasContent(kind: SectionKind, request: RenderRequest): boolean {
  const { data } = request;
  if (isList(kind)) return listTexts(kind, request).length > 0;
  if (kind === 'facts') return (data.facts ?? []).some((f) => f.value.trim());
  if (kind === 'quote') return Boolean(data.quote?.text.trim());
  if (kind === 'tags') return (data.tags ?? []).some((t) => t.trim());
  if (kind === 'compare') return Boolean(data.comparison);
  return false;
}

function isList(kind: SectionKind): kind is ListKind {
  return kind === 'ingredients' || kind === 'steps' || kind === 'points' || kind === 'actions';
}

function listTexts(kind: ListKind, request: RenderRequest): { text: string; owner?: string | undefined }[] {
  const { data } = request;
  const clean = (list: string[] | undefined) =>
    (list ?? [])
      .map((t) => t.trim())
      .filter(Boolean)
      .map((text) => ({ text }));
  switch (kind) {
    case 'ingredients':
      return clean(data.ingredients);
    case 'steps':
      return clean(data.steps);
    case 'points':
      return clean(data.points.map((p) => p.text));
    case 'actions':
      return (data.actionItems ?? [])
        .filter((a) => a.text.trim())
        .map((a) => ({ text: a.text.trim(), owner: a.owner?.trim() || undefined }));
  }
}

function sectionLabel(kind: ListKind, labels: ReturnType<typeof labelsFor>): string {
  return labels[kind];
}

/** Row heights of items set two to a row. */
function pairHeights(items: ListItem[]): number[] {
  const rows: number[] = [];
  for (let i = 0; i < items.length; i += 2)
    rows.push(Math.max(items[i]?.height ?? 0, items[i + 1]?.height ?? 0));
  return rows;
}

async function fitTags(
  tags: string[],
  width: number,
  size: number,
  fontFamily: string,
  language: string,
  measurer: TextMeasurer,
): Promise<FittedText | null> {
  const clean = tags
    .map((t) => t.trim().replace(/^#+/, '').replace(/\s+/g, ''))
    .filter(Boolean)
    .slice(0, 8);
  if (!clean.length) return null;
  const style: TextStyle = { fontFamily, fontWeight: 600, lineHeight: 1.3 };
  const lineHeightPx = Math.round(size * style.lineHeight);
  const choices = clean.map((_, i) =>
    clean
      .slice(0, clean.length - i)
      .map((t) => `#${t}`)
      .join('   '),
  );
  const counts = await measurer.measure(
    choices.map((text) => ({ text, width, fontSize: size, lineHeightPx, style })),
    language,
  );
  const k = counts.findIndex((c) => c.lines <= 1);
  if (k < 0) return null;
  return {
    text: choices[k] as string,
    fontSize: size,
    lineHeightPx,
    lines: 1,
    height: lineHeightPx,
    width,
    inkWidth: counts[k]?.width,
    style,
    truncated: k > 0,
  };
}
