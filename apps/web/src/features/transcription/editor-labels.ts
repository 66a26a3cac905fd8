import type { RichTextEditorLabels } from '@mantine/tiptap';
import type { TFunction } from 'i18next';

/**
 * The toolbar's words in the interface language (Mantine's own defaults are English only); the
 * link placeholder is an address and needs no translation.
 */
export function toolbarLabels(t: TFunction<'transcription'>): Partial<RichTextEditorLabels> {
  return {
    boldControlLabel: t('toolbar.bold'),
    italicControlLabel: t('toolbar.italic'),
    underlineControlLabel: t('toolbar.underline'),
    strikeControlLabel: t('toolbar.strike'),
    linkControlLabel: t('toolbar.link'),
    unlinkControlLabel: t('toolbar.unlink'),
    bulletListControlLabel: t('toolbar.bulletList'),
    orderedListControlLabel: t('toolbar.orderedList'),
    h1ControlLabel: t('toolbar.h1'),
    h2ControlLabel: t('toolbar.h2'),
    h3ControlLabel: t('toolbar.h3'),
    blockquoteControlLabel: t('toolbar.blockquote'),
    codeBlockControlLabel: t('toolbar.codeBlock'),
    alignLeftControlLabel: t('toolbar.alignLeft'),
    alignCenterControlLabel: t('toolbar.alignCenter'),
    alignRightControlLabel: t('toolbar.alignRight'),
    alignJustifyControlLabel: t('toolbar.alignJustify'),
    colorPickerControlLabel: t('toolbar.textColor'),
    unsetColorControlLabel: t('toolbar.unsetColor'),
    undoControlLabel: t('toolbar.undo'),
    redoControlLabel: t('toolbar.redo'),
    linkEditorInputLabel: t('toolbar.linkUrl'),
    linkEditorExternalLink: t('toolbar.linkNewTab'),
    linkEditorInternalLink: t('toolbar.linkSameTab'),
    linkEditorSave: t('toolbar.linkSave'),
    colorPickerCancel: t('toolbar.colorCancel'),
    colorPickerClear: t('toolbar.colorClear'),
    colorPickerColorPicker: t('toolbar.colorPicker'),
    colorPickerPalette: t('toolbar.colorPalette'),
    colorPickerSave: t('toolbar.colorSave'),
    colorControlLabel: (color) => t('toolbar.setColor', { color }),
    colorPickerColorLabel: (color) => t('toolbar.setColor', { color }),
  };
}
