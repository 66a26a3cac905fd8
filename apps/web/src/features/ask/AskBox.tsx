import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconMessageQuestion, IconSparkles } from '@tabler/icons-react';
import {
  ASK_MAX_QUESTION,
  type AskAnswer,
  type AskEngine,
  type AskPassage,
  type AskRetrieval,
  type AskSentence,
  type AskStreamEvent,
} from '@voxpress/contracts';
import type { TFunction } from 'i18next';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../components/PageState.tsx';
import { errorMessage } from '../../lib/error-message.ts';
import { askLibrary } from './ask-api.ts';
import { CitationChip } from './CitationChip.tsx';

type AskState =
  | { status: 'idle' }
  | { status: 'asking'; passages: AskPassage[] | null; engine: AskEngine | null; sentences: AskSentence[] }
  | { status: 'done'; answer: AskAnswer }
  | { status: 'failed'; message: string; question: string };

function Sentences({ sentences, hereId }: { sentences: AskSentence[]; hereId?: string | undefined }) {
  return (
    <Stack gap="sm">
      {sentences.map((s, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an answer's sentences only grow at the end
        <Stack key={i} gap={6}>
          <Text dir="auto">{s.text}</Text>
          <Group gap={6} wrap="wrap">
            {s.citations.map((c) => (
              <CitationChip key={c.passage_id} citation={c} hereId={hereId} />
            ))}
          </Group>
        </Stack>
      ))}
    </Stack>
  );
}

function Passages({ passages, hereId }: { passages: AskPassage[]; hereId?: string | undefined }) {
  return (
    <Stack gap="xs" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {passages.map((p) => (
        <Paper component="li" key={p.id} withBorder radius="md" p="sm">
          <Stack gap={6} align="flex-start">
            <Group gap={6} wrap="wrap">
              <CitationChip citation={{ ...p, passage_id: p.id }} hereId={hereId} />
              {p.matched === 'meaning' && <MeaningLabel />}
            </Group>
            <Text size="sm" dir="auto" style={{ overflowWrap: 'anywhere' }}>
              {p.text}
            </Text>
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

/** Why a passage that shares no word with the question is there: its meaning is close. */
function MeaningLabel() {
  const { t } = useTranslation('ask');
  return (
    <Badge variant="default" radius="sm" size="md" tt="none" fw={500}>
      {t('relatedInMeaning')}
    </Badge>
  );
}

/** How the passages were found, in words: by the question's words alone, or by meaning too. */
function retrievalText(t: TFunction<'ask'>, retrieval: AskRetrieval): string {
  if (retrieval.by === 'words') return t('retrieval.words');
  return retrieval.model
    ? t('retrieval.wordsAndMeaning', { model: retrieval.model })
    : t('retrieval.wordsAndMeaningUnnamed');
}

/**
 * Who answered, in words: the language model and its model, or nobody (the passages themselves);
 * and how the passages were found.
 */
function EngineLine({ engine, retrieval }: { engine: AskEngine; retrieval: AskRetrieval }) {
  const { t } = useTranslation('ask');
  const name = engine.model ? `${engine.model} (${engine.name})` : engine.name;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      {engine.id === 'search' ? null : (
        <IconSparkles size={14} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
      )}
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          {engine.id === 'search' ? t('notWritten') : t('answeredBy', { engine: name })}
        </Text>
        <Text size="xs" c="dimmed">
          {retrievalText(t, retrieval)}
        </Text>
      </Stack>
    </Group>
  );
}

/** A finished answer: its sentences with their chips, or why there are none, and who answered. */
export function AskAnswerView({ answer, hereId }: { answer: AskAnswer; hereId?: string | undefined }) {
  const { t } = useTranslation('ask');
  const { passages } = answer;
  switch (answer.mode) {
    case 'answer':
      return (
        <Stack gap="sm">
          <Sentences sentences={answer.sentences} hereId={hereId} />
          <EngineLine engine={answer.engine} retrieval={answer.retrieval} />
        </Stack>
      );
    case 'unsupported':
      return (
        <Stack gap="sm">
          <Text fw={600}>{t('notSaid')}</Text>
          <EngineLine engine={answer.engine} retrieval={answer.retrieval} />
          {passages.length > 0 && (
            <>
              <Text size="sm" fw={600} mt="xs">
                {t('closest')}
              </Text>
              <Passages passages={passages} hereId={hereId} />
            </>
          )}
        </Stack>
      );
    case 'passages':
      return (
        <Stack gap="sm">
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            {answer.note === 'language_model_failed'
              ? t('notes.language_model_failed')
              : t('notes.no_language_model')}
          </Alert>
          {passages.length === 0 ? (
            <Text c="dimmed">{t('noPassages')}</Text>
          ) : (
            <>
              <Passages passages={passages} hereId={hereId} />
              <EngineLine engine={answer.engine} retrieval={answer.retrieval} />
            </>
          )}
        </Stack>
      );
  }
}

/**
 * A question to the user's recordings (or, with `itemId`, to one of them): an answer written only
 * from what was said, streamed as it is written, every sentence with chips that play the moment it
 * rests on; the passages themselves when no language model is set up.
 */
export function AskBox({ itemId }: { itemId?: string }) {
  const { t } = useTranslation('ask');
  const headingId = useId();
  const [question, setQuestion] = useState('');
  const [state, setState] = useState<AskState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const ask = (text: string) => {
    const q = text.trim();
    if (!q) return;
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState({ status: 'asking', passages: null, engine: null, sentences: [] });
    const onEvent = (event: AskStreamEvent) =>
      setState((s) => {
        if (s.status !== 'asking' || controller.signal.aborted) return s;
        if (event.event === 'passages') return { ...s, passages: event.passages, engine: event.engine };
        if (event.event === 'sentence') return { ...s, sentences: [...s.sentences, event.sentence] };
        return s;
      });
    askLibrary({ question: q, ...(itemId ? { item_ids: [itemId] } : {}) }, onEvent, controller.signal).then(
      (answer) => !controller.signal.aborted && setState({ status: 'done', answer }),
      (err: unknown) =>
        !controller.signal.aborted &&
        setState({ status: 'failed', message: errorMessage(err, t('failed')), question: q }),
    );
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    ask(question);
  };
  const asking = state.status === 'asking';

  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconMessageQuestion size={22} aria-hidden style={{ flexShrink: 0 }} />
          <Title order={2} size="h4" id={headingId}>
            {itemId ? t('titleItem') : t('title')}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t('lead')}
        </Text>
        <form onSubmit={onSubmit}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <TextInput
              label={t('label')}
              placeholder={itemId ? t('placeholderItem') : t('placeholder')}
              value={question}
              onChange={(e) => setQuestion(e.currentTarget.value)}
              maxLength={ASK_MAX_QUESTION}
              style={{ flex: '1 1 240px' }}
              dir="auto"
            />
            <Button type="submit" loading={asking} disabled={!question.trim()}>
              {t('ask')}
            </Button>
          </Group>
        </form>
        <div aria-live="polite" aria-busy={asking}>
          {state.status === 'asking' && (
            <Stack gap="sm">
              {state.sentences.length > 0 && <Sentences sentences={state.sentences} hereId={itemId} />}
              <Group gap="xs" role="status">
                <Loader size="xs" aria-hidden />
                <Text size="sm" c="dimmed">
                  {state.engine && state.engine.id !== 'search' ? t('writing') : t('finding')}
                </Text>
              </Group>
            </Stack>
          )}
          {state.status === 'done' && <AskAnswerView answer={state.answer} hereId={itemId} />}
          {state.status === 'failed' && (
            <ErrorState message={state.message} onRetry={() => ask(state.question)} />
          )}
        </div>
      </Stack>
    </Card>
  );
}
