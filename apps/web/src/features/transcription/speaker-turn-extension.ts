import { Extension } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';

/** What the editor shows of a voice: its name and colour. */
export interface TurnVoice {
  name: string;
  colour: string;
}

export const speakerTurnsKey = new PluginKey<DecorationSet>('speakerTurns');

/** The transaction meta that tells the editor the voices changed (a rename), to draw them again. */
export const VOICES_CHANGED = 'speakerVoicesChanged';

/** The name label opening a turn: not part of the text, read before it by screen readers. */
function label(voice: TurnVoice): HTMLElement {
  const span = document.createElement('span');
  span.className = 'vx-turn-label';
  span.contentEditable = 'false';
  span.textContent = voice.name;
  span.style.color = voice.colour;
  return span;
}

function decorations(doc: PmNode, voices: () => ReadonlyMap<string, TurnVoice>): DecorationSet {
  const found: Decoration[] = [];
  const known = voices();
  let previous: string | null = null;
  doc.forEach((node, offset) => {
    const id = typeof node.attrs.speaker === 'string' ? node.attrs.speaker : null;
    const voice = id ? known.get(id) : undefined;
    if (voice && id) {
      found.push(
        Decoration.node(offset, offset + node.nodeSize, {
          class: 'vx-turn',
          style: `border-inline-start-color: ${voice.colour}`,
        }),
      );
      // The name opens a turn; a paragraph the same voice goes on with shows only its colour.
      if (id !== previous)
        found.push(
          Decoration.widget(offset + 1, () => label(voice), {
            side: -1,
            ignoreSelection: true,
            key: `${id}:${voice.name}:${voice.colour}`,
          }),
        );
    }
    previous = id;
  });
  return DecorationSet.create(doc, found);
}

/**
 * Speaker turns in the transcript editor: each paragraph keeps the voice that said it (stored as
 * `data-speaker`, kept when the text is edited and when a paragraph is split with Enter), shown
 * with that voice's colour and, where a turn begins, its name. `voices` is read on every redraw,
 * so a renamed voice shows its new name once `VOICES_CHANGED` is sent.
 */
export const SpeakerTurns = Extension.create<{ voices: () => ReadonlyMap<string, TurnVoice> }>({
  name: 'speakerTurns',

  addOptions() {
    return { voices: () => new Map() };
  },

  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          speaker: {
            default: null,
            keepOnSplit: true,
            parseHTML: (element) => {
              const id = element.getAttribute('data-speaker');
              return id && /^S\d{1,4}$/.test(id) ? id : null;
            },
            renderHTML: (attributes) => (attributes.speaker ? { 'data-speaker': attributes.speaker } : {}),
          },
        },
      },
    ];
  },

  addProseMirrorPlugins() {
    const voices = this.options.voices;
    return [
      new Plugin<DecorationSet>({
        key: speakerTurnsKey,
        state: {
          init: (_, state) => decorations(state.doc, voices),
          apply: (tr, set, _old, state) =>
            tr.docChanged || tr.getMeta(VOICES_CHANGED) ? decorations(state.doc, voices) : set,
        },
        props: {
          decorations: (state) => speakerTurnsKey.getState(state),
        },
      }),
    ];
  },
});
