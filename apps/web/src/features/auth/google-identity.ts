/** The parts of Google Identity Services (https://accounts.google.com/gsi/client) the app uses. */
export interface GoogleCredentialResponse {
  credential: string;
}

export interface GoogleButtonOptions {
  type?: 'standard' | 'icon';
  theme?: 'outline' | 'filled_blue' | 'filled_black';
  size?: 'large' | 'medium' | 'small';
  text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
  /** The language of the button's words, e.g. 'en' or 'de'. */
  locale?: string | undefined;
  shape?: 'rectangular' | 'pill';
  width?: number;
  logo_alignment?: 'left' | 'center';
}

export interface GoogleIdentity {
  accounts: {
    id: {
      initialize(config: {
        client_id: string;
        callback: (response: GoogleCredentialResponse) => void;
        ux_mode?: 'popup' | 'redirect';
      }): void;
      renderButton(parent: HTMLElement, options: GoogleButtonOptions): void;
      cancel(): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

export const GSI_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
let loading: Promise<GoogleIdentity> | null = null;

/** Loads the Google Identity Services script once. */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  if (window.google?.accounts?.id) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GSI_SCRIPT_URL;
    script.async = true;
    script.defer = true;
    script.onload = () =>
      window.google?.accounts?.id ? resolve(window.google) : reject(new Error('Google script did not load'));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('Google script could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
