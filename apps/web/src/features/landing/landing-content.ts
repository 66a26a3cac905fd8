import {
  type Icon,
  IconApi,
  IconBooks,
  IconBriefcase,
  IconBulb,
  IconCloudUpload,
  IconFileText,
  IconHeartHandshake,
  IconLanguage,
  IconLock,
  IconMicrophone,
  IconNews,
  IconPhoto,
  IconSchool,
  IconServer,
  IconShare,
  IconSparkles,
  IconSpeakerphone,
  IconStethoscope,
  IconUserCircle,
  IconWaveSine,
} from '@tabler/icons-react';

/** Where a capability stands in this release, so the page never claims more than exists. */
export type Availability = 'available' | 'in-progress' | 'planned';

export const AVAILABILITY_COLOR: Record<Availability, string> = {
  available: 'teal',
  'in-progress': 'blue',
  planned: 'gray',
};

export interface Card {
  icon: Icon;
  title: string;
  text: string;
  availability?: Availability;
}

export const STEPS: readonly Card[] = [
  {
    icon: IconMicrophone,
    title: 'Record or upload',
    text: 'Speak into your microphone in the browser, or drop an MP3, WAV, M4A or OGG file of up to 100 MB.',
  },
  {
    icon: IconWaveSine,
    title: 'Transcription',
    text: 'A speech engine on your own server turns the audio into text with timestamps.',
  },
  {
    icon: IconSparkles,
    title: 'Content enhancement',
    text: 'The transcript is cleaned of filler words and shaped into a titled piece with sections and key points.',
  },
  {
    icon: IconShare,
    title: 'Export and share',
    text: 'Copy the text for your blog or social channels, download subtitles, or turn it into an image.',
  },
];

export const FEATURES: readonly Card[] = [
  {
    icon: IconServer,
    title: 'Runs on your machine',
    text: 'One command starts the whole app with an embedded database. No cloud account, no card.',
    availability: 'available',
  },
  {
    icon: IconLock,
    title: 'Private by default',
    text: 'Audio and text stay on your server unless you configure an outside engine yourself.',
    availability: 'available',
  },
  {
    icon: IconUserCircle,
    title: 'Accounts and sign-in',
    text: 'Email and password with strong hashing, or Google sign-in when your server has a client id.',
    availability: 'available',
  },
  {
    icon: IconMicrophone,
    title: 'Browser recording',
    text: 'Record up to 5 minutes with a live waveform, pause and resume, then listen before you use it.',
    availability: 'in-progress',
  },
  {
    icon: IconCloudUpload,
    title: 'File upload',
    text: 'MP3, WAV, M4A and OGG files up to 100 MB, checked by their content rather than their name.',
    availability: 'in-progress',
  },
  {
    icon: IconWaveSine,
    title: 'Local transcription',
    text: 'whisper.cpp or PocketSphinx on your own hardware, or any OpenAI-compatible speech server.',
    availability: 'in-progress',
  },
  {
    icon: IconLanguage,
    title: 'Writing in ten languages',
    text: 'Blog posts, articles and social posts, with a translation per language you choose.',
    availability: 'planned',
  },
  {
    icon: IconPhoto,
    title: 'Infographics',
    text: 'Shareable images in five styles and common social sizes, built from your content.',
    availability: 'planned',
  },
];

export const AUDIENCES: readonly Card[] = [
  {
    icon: IconSpeakerphone,
    title: 'Content creators',
    text: 'Talk through an idea on a walk and come back to a draft you can edit.',
  },
  {
    icon: IconBriefcase,
    title: 'Business professionals',
    text: 'Turn a spoken update into written notes without sending it to a third party.',
  },
  {
    icon: IconSchool,
    title: 'Educators and students',
    text: 'Transcribe explanations and study notes, and keep them on a school-run server.',
  },
  {
    icon: IconNews,
    title: 'Journalists and writers',
    text: 'Get interview audio into text with timestamps, without a per-minute bill.',
  },
  {
    icon: IconBulb,
    title: 'Marketers and agencies',
    text: 'Host one instance for the whole team and shape recordings into posts for each channel.',
  },
  {
    icon: IconStethoscope,
    title: 'Coaches and consultants',
    text: 'Capture session summaries while keeping sensitive conversations under your control.',
  },
];

export const WHY: readonly string[] = [
  'Self-hosted and open source (AGPL-3.0): you can read, change and run every part of it.',
  'Works offline: the embedded database needs no internet connection, and neither will the local speech engines.',
  'No subscription and no usage limits beyond what your own hardware can do.',
  'Replaceable engines: swap the speech, writing or storage engine in configuration.',
  'A documented HTTP API (OpenAPI) for scripts and integrations.',
  'Light and dark themes, keyboard navigation and screen-reader labels throughout.',
];

export const QUICK_START: readonly Card[] = [
  {
    icon: IconServer,
    title: 'Start the server',
    text: 'Run npm start in the project folder. It installs what is missing, then serves Voxpress on port 8080.',
  },
  {
    icon: IconUserCircle,
    title: 'Create your account',
    text: 'Sign up with an email address and a password of at least 8 characters.',
  },
  {
    icon: IconMicrophone,
    title: 'Speak or upload',
    text: 'Open Audio Workflow from the menu to record or import your first file.',
  },
];

export interface CommunityLink extends Card {
  href: string;
  cta: string;
  external?: boolean;
}

export const COMMUNITY: readonly CommunityLink[] = [
  {
    icon: IconBooks,
    title: 'Help and guides',
    text: 'How recording and upload work, the limits, and which speech engines your server has.',
    href: '/help',
    cta: 'Open help',
  },
  {
    icon: IconApi,
    title: 'API reference',
    text: 'Every endpoint of your instance, generated from the same schemas the server validates with.',
    href: '/api/docs',
    cta: 'Browse the API',
    external: true,
  },
  {
    icon: IconFileText,
    title: 'About the project',
    text: 'What Voxpress is for, how it is built, and what is coming next.',
    href: '/about',
    cta: 'Read more',
  },
  {
    icon: IconHeartHandshake,
    title: 'Contribute',
    text: 'Report problems and propose changes in the repository you installed Voxpress from.',
    href: '/about#contribute',
    cta: 'How to contribute',
  },
];
