import { ColorSwatch, Group, Popover, Stack, Text, UnstyledButton } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { IconHighlight } from '@tabler/icons-react';
import { Image } from '@tiptap/extension-image';
import { TextAlign } from '@tiptap/extension-text-align';
import { BackgroundColor, Color, TextStyle } from '@tiptap/extension-text-style';
import { type Editor, useEditor } from '@tiptap/react';
import { StarterKit } from '@tiptap/starter-kit';
import type { Speaker } from '@voxpress/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toolbarLabels } from './editor-labels.ts';
import { isAllowedImage, isAllowedLink } from './save-state.ts';
import { SpeakerTurns, type TurnVoice, VOICES_CHANGED } from './speaker-turn-extension.ts';
import './speaker-turns.css';

const TEXT_COLORS = ['#25262b', '#868e96', '#c92a2a', '#d9480f', '#2b8a3e', '#1864ab', '#5f3dc4', '#a61e4d'];
const BACKGROUNDS = ['#fff3bf', '#d3f9d8', '#d0ebff', '#f3d9fa', '#ffe3e3', '#e9ecef'];

export interface TranscriptContent {
  text: string;
  html: string;
}

/**
 * The rich-text editor for a transcript, with the spec's toolbar: headings 1–3, bold, italic,
 * underline, strike, ordered and bullet lists, blockquote, code block, link (http, https, mailto,
 * tel only), text colour, background and alignment. Pasted images are kept when their address is
 * http, https or an inline data image; any other image is dropped. Undo history is the editor's
 * default (100 steps, merged within a second). Once speakers are found, each paragraph keeps the
 * voice that said it while its words are edited, shown with the voice's colour and name.
 */
export function TranscriptEditor({
  initialHtml,
  onChange,
  label,
  speakers = [],
}: {
  initialHtml: string;
  onChange(content: TranscriptContent): void;
  label: string;
  speakers?: Speaker[];
}) {
  const { t } = useTranslation('transcription');
  const labels = useMemo(() => toolbarLabels(t), [t]);
  const voices = useRef<ReadonlyMap<string, TurnVoice>>(new Map());
  voices.current = useMemo(
    () => new Map(speakers.map((s) => [s.id, { name: s.name, colour: s.colour }])),
    [speakers],
  );
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [1, 2, 3] },
        link: {
          openOnClick: false,
          autolink: true,
          protocols: ['mailto', 'tel'],
          isAllowedUri: (url) => isAllowedLink(url),
        },
      }),
      TextStyle,
      Color,
      BackgroundColor,
      TextAlign.configure({ types: ['heading', 'paragraph'] }),
      SafeImage,
      SpeakerTurns.configure({ voices: () => voices.current }),
    ],
    content: initialHtml,
    immediatelyRender: false,
    editorProps: { attributes: { 'aria-label': label, 'aria-multiline': 'true', role: 'textbox' } },
    onUpdate: ({ editor: e }) => onChange({ text: e.getText({ blockSeparator: '\n\n' }), html: e.getHTML() }),
  });

  // A voice renamed or merged while editing: draw the turns again with the names as they are now.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `speakers` is what changed; the map is read through the ref
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.view.dispatch(editor.state.tr.setMeta(VOICES_CHANGED, true));
  }, [editor, speakers]);

  return (
    <RichTextEditor editor={editor} variant="subtle" labels={labels}>
      <RichTextEditor.Toolbar sticky stickyOffset={0}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H1 />
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.OrderedList />
          <RichTextEditor.BulletList />
          <RichTextEditor.Blockquote />
          <RichTextEditor.CodeBlock />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.ColorPicker colors={TEXT_COLORS} />
          <BackgroundControl editor={editor} />
          <RichTextEditor.UnsetColor />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.AlignLeft />
          <RichTextEditor.AlignCenter />
          <RichTextEditor.AlignRight />
          <RichTextEditor.AlignJustify />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content mih={220} fz="md" />
    </RichTextEditor>
  );
}

/** Images from pasted or stored HTML, limited to the spec's protocols (http, https, data). */
const SafeImage = Image.extend({
  parseHTML() {
    return [
      { tag: 'img[src]', getAttrs: (el) => (isAllowedImage(el.getAttribute('src') ?? '') ? null : false) },
    ];
  },
}).configure({ allowBase64: true });

/** Background (highlight) colour: a swatch menu over the text-style extension's background mark. */
function BackgroundControl({ editor }: { editor: Editor | null }) {
  const { t } = useTranslation('transcription');
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!editor) setOpened(false);
  }, [editor]);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom" withArrow shadow="md" trapFocus>
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={t('edit.backgroundColour')}
          title={t('edit.backgroundColour')}
          onClick={() => setOpened((o) => !o)}
        >
          <IconHighlight size={16} stroke={1.5} />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Text size="xs" c="dimmed">
            {t('edit.background')}
          </Text>
          <Group gap={6}>
            {BACKGROUNDS.map((color) => (
              <UnstyledButton
                key={color}
                aria-label={t('edit.backgroundSwatch', { color })}
                onClick={() => {
                  editor?.chain().focus().setBackgroundColor(color).run();
                  setOpened(false);
                }}
              >
                <ColorSwatch color={color} size={22} />
              </UnstyledButton>
            ))}
            <UnstyledButton
              aria-label={t('edit.removeBackground')}
              onClick={() => {
                editor?.chain().focus().unsetBackgroundColor().run();
                setOpened(false);
              }}
            >
              <Text size="xs" td="underline">
                {t('edit.none')}
              </Text>
            </UnstyledButton>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
