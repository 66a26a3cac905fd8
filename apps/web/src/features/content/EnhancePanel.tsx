import {
  ActionIcon,
  Alert,
  Button,
  Chip,
  Group,
  List,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconBulb, IconPlus, IconSparkles, IconX } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  BLOG_PLATFORMS,
  ENHANCE_LANGUAGES,
  type EnhanceResponse,
  guessContentType,
} from '@voxpress/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contentTypeLabel, platformLabel } from '../../i18n/terms.ts';
import { api } from '../../lib/api.ts';
import { languageName } from '../audio/language-fields.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { enginesQuery } from '../help/engines-api.ts';
import { enhanceContent, getUntranslatable } from './content-api.ts';
import { BUILT_IN_TYPES } from './content-labels.ts';
import {
  addCustomPlatform,
  canAddPlatform,
  type EnhanceForm,
  enhanceButton,
  enhanceRequest,
  initialForm,
  isNamedPlatform,
  languageUnavailable,
  toggleLanguage,
  togglePlatform,
  withDefaults,
  writerSupport,
  writtenLanguage,
} from './enhance-form.ts';
import { WriterModelOfferFor } from './WriterModelOffer.tsx';

export interface EnhanceSource {
  transcriptionId: string;
  /** The source's words and title, for the content type guess. */
  text: string;
  title: string;
  language: string;
}

const getSettings = () => api.get('/api/v1/users/me/settings');

/**
 * The Enhance Content panel (spec §2): content type (guessed from the source's words), languages
 * (at least one), title, keywords, target platforms with custom names, recipe tips, and the
 * button that starts writing. The user's saved defaults (languages, type, platforms) fill it first.
 */
export function EnhancePanel({
  source,
  existingTypes,
  onStarted,
}: {
  source: EnhanceSource;
  /** Types already written from this source: asking again rewrites them. */
  existingTypes: readonly string[];
  onStarted(response: EnhanceResponse): void;
}) {
  const settings = useQuery({ queryKey: ['users', 'me', 'settings'], queryFn: getSettings, retry: false });
  if (settings.isPending) return null;
  return (
    <EnhanceFormView
      source={source}
      existingTypes={existingTypes}
      onStarted={onStarted}
      initial={withDefaults(initialForm(source), settings.data ?? null)}
    />
  );
}

function EnhanceFormView({
  source,
  existingTypes,
  onStarted,
  initial,
}: {
  source: EnhanceSource;
  existingTypes: readonly string[];
  onStarted(response: EnhanceResponse): void;
  initial: EnhanceForm;
}) {
  const { t } = useTranslation('content');
  const id = useId();
  const [form, setForm] = useState(initial);
  const start = useMutation({
    mutationFn: () => enhanceContent(enhanceRequest(form, source.transcriptionId)),
    onSuccess: onStarted,
  });
  // Languages no translator here serves from the written one are shown but cannot be picked.
  const untranslatable = useQuery({
    queryKey: ['system', 'translation-languages', writtenLanguage(form)],
    queryFn: () => getUntranslatable(writtenLanguage(form)),
    staleTime: 60_000,
  });
  // What the writer that would write now makes of each type: the built-in composer arranges some
  // types from the speaker's own sentences and cannot make the others; the panel says so up front.
  const auth = useAuth();
  const engines = useQuery(enginesQuery(auth));
  const support = writerSupport(engines.data, form.contentType);
  const needsModel = support === 'needs_language_model';
  const recipe = form.contentType === 'recipe';
  const guessed = guessContentType(source.text, source.title);
  const label = enhanceButton(form.contentType, start.isPending);
  const platforms = [...BLOG_PLATFORMS, ...form.platforms.filter((p) => !isNamedPlatform(p))];

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'lg' }}
      component="section"
      aria-labelledby={`${id}-title`}
    >
      <Stack
        gap="md"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          if (!start.isPending) start.mutate();
        }}
      >
        <Title order={3} fz="h5" id={`${id}-title`}>
          {t('enhance.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            label={t('enhance.type')}
            data={BUILT_IN_TYPES.map((type) =>
              writerSupport(engines.data, type) === 'needs_language_model'
                ? {
                    value: type,
                    label: t('enhance.typeNeedsModel', { type: contentTypeLabel(type) }),
                    disabled: true,
                  }
                : { value: type, label: contentTypeLabel(type) },
            )}
            value={form.contentType}
            onChange={(v) => v && setForm({ ...form, contentType: v })}
            allowDeselect={false}
            error={needsModel ? t('enhance.needsModel') : undefined}
            description={
              needsModel
                ? undefined
                : existingTypes.includes(form.contentType)
                  ? t('enhance.replaces')
                  : form.contentType === guessed
                    ? t('enhance.typeGuessed')
                    : undefined
            }
            comboboxProps={{ withinPortal: true }}
          />
          <TextInput
            label={t('enhance.titleLabel')}
            placeholder={recipe ? t('enhance.recipeTitlePlaceholder') : t('enhance.titlePlaceholder')}
            value={form.title}
            maxLength={300}
            onChange={(e) => setForm({ ...form, title: e.currentTarget.value })}
          />
        </SimpleGrid>
        {support === 'arranged' && (
          <Text size="sm" c="dimmed" data-testid="enhance-arranged">
            {t('enhance.arranged')}
          </Text>
        )}
        {(support === 'arranged' || needsModel) && <WriterModelOfferFor auth={auth} />}
        <TextInput
          label={t('enhance.keywords')}
          description={t('enhance.keywordsHint')}
          placeholder={recipe ? t('enhance.recipeKeywordsPlaceholder') : t('enhance.keywordsPlaceholder')}
          value={form.keywords}
          maxLength={2000}
          onChange={(e) => setForm({ ...form, keywords: e.currentTarget.value })}
        />
        <Stack gap={6} role="group" aria-labelledby={`${id}-languages`}>
          <Text size="sm" fw={500} id={`${id}-languages`}>
            {t('enhance.languages')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('enhance.languagesHint')}
          </Text>
          {untranslatable.data?.some((code) => languageUnavailable(form, code, untranslatable.data)) && (
            <Text size="xs" c="dimmed">
              {t('enhance.someUnavailable')}
            </Text>
          )}
          <Group gap={6}>
            {ENHANCE_LANGUAGES.map((code) =>
              languageUnavailable(form, code, untranslatable.data) ? (
                <Tooltip
                  key={code}
                  label={t('enhance.noTranslator', { language: languageName(code) })}
                  withArrow
                  multiline
                  maw={260}
                >
                  <span>
                    <Chip size="sm" checked={false} disabled data-testid={`language-unavailable-${code}`}>
                      {languageName(code)}
                    </Chip>
                  </span>
                </Tooltip>
              ) : (
                <Chip
                  key={code}
                  size="sm"
                  checked={form.languages.includes(code)}
                  onChange={() => setForm(toggleLanguage(form, code))}
                >
                  {languageName(code)}
                </Chip>
              ),
            )}
          </Group>
        </Stack>
        <Stack gap={6} role="group" aria-labelledby={`${id}-platforms`}>
          <Text size="sm" fw={500} id={`${id}-platforms`}>
            {t('enhance.platforms')}
          </Text>
          <Group gap={6}>
            {platforms.map((p) =>
              isNamedPlatform(p) ? (
                <Chip
                  key={p}
                  size="sm"
                  variant="outline"
                  checked={form.platforms.includes(p)}
                  onChange={() => setForm(togglePlatform(form, p))}
                >
                  {platformLabel(p)}
                </Chip>
              ) : (
                <Group key={p} gap={0} wrap="nowrap">
                  <Chip size="sm" variant="outline" checked readOnly>
                    {p}
                  </Chip>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    size="sm"
                    aria-label={t('enhance.remove', { name: p })}
                    onClick={() => setForm(togglePlatform(form, p))}
                  >
                    <IconX size={14} />
                  </ActionIcon>
                </Group>
              ),
            )}
          </Group>
          <Group gap="xs" align="flex-end" wrap="nowrap" maw={420}>
            <TextInput
              label={t('enhance.customPlatform')}
              placeholder={t('enhance.customPlaceholder')}
              value={form.customPlatform}
              maxLength={60}
              size="sm"
              style={{ flex: 1 }}
              onChange={(e) => setForm({ ...form, customPlatform: e.currentTarget.value })}
              onKeyDown={(e) => {
                if (e.key !== 'Enter') return;
                e.preventDefault();
                setForm(addCustomPlatform(form));
              }}
            />
            <Button
              size="sm"
              variant="default"
              leftSection={<IconPlus size={14} />}
              disabled={!canAddPlatform(form)}
              onClick={() => setForm(addCustomPlatform(form))}
            >
              {t('enhance.add')}
            </Button>
          </Group>
        </Stack>
        {recipe && (
          <Alert
            variant="light"
            color="yellow"
            icon={<IconBulb size={18} />}
            title={t('enhance.recipeTips.title')}
          >
            <List size="sm" spacing={2}>
              <List.Item>{t('enhance.recipeTips.sensory')}</List.Item>
              <List.Item>{t('enhance.recipeTips.story')}</List.Item>
              <List.Item>{t('enhance.recipeTips.steps')}</List.Item>
              <List.Item>{t('enhance.recipeTips.tips')}</List.Item>
              <List.Item>{t('enhance.recipeTips.serving')}</List.Item>
            </List>
          </Alert>
        )}
        {start.error && (
          <Alert color="red" variant="light" role="alert" title={t('enhance.failed')}>
            {start.error.message}
          </Alert>
        )}
        <Group>
          <Button
            type="submit"
            leftSection={<IconSparkles size={16} />}
            loading={false}
            disabled={start.isPending || needsModel}
          >
            {label === 'busy'
              ? t('enhance.busy')
              : label === 'recipe'
                ? t('enhance.submitRecipe')
                : t('enhance.submit')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
