import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { authApi } from './auth-api';

const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
/** Spec section 9: button heights 40 (large), 32 (medium), 20 (small); the sign-in page uses large. */
const BUTTON_SIZE = 'large';

interface GoogleCredentialResponse {
  credential?: string;
}

interface GoogleIdentity {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: GoogleCredentialResponse) => void;
        error_callback?: () => void;
      }): void;
      renderButton(element: HTMLElement, options: Record<string, string | number>): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let scriptLoading: Promise<GoogleIdentity> | undefined;

/** The identity provider's client script, loaded once, at runtime, only where sign-in is configured. */
function loadGoogleScript(): Promise<GoogleIdentity> {
  if (window.google) return Promise.resolve(window.google);
  scriptLoading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_SCRIPT_URL;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('no google object')));
    script.onerror = () => {
      scriptLoading = undefined;
      reject(new Error('the Google sign-in script could not load'));
    };
    document.head.appendChild(script);
  });
  return scriptLoading;
}

function GoogleMark() {
  return (
    <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

function DisabledGoogleButton({ note }: { note: string }) {
  return (
    <div className="google-signin">
      <button type="button" className="google-signin__button" disabled aria-describedby="google-signin-note">
        <GoogleMark /> Continue with Google
      </button>
      <p id="google-signin-note" className="google-signin__note">
        {note}
      </p>
    </div>
  );
}

interface GoogleSignInProps {
  onCredential: (credential: string) => void;
  onError: () => void;
}

/**
 * Google's own button when the identity service has a client id configured. Without one the button
 * is shown disabled with a short note, so the page keeps its shape and says why.
 */
export function GoogleSignIn({ onCredential, onError }: GoogleSignInProps) {
  const config = useQuery({ queryKey: ['auth', 'config'], queryFn: authApi.config, staleTime: Infinity });
  const clientId = config.data?.googleClientId || null;
  const containerRef = useRef<HTMLDivElement>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const handlers = useRef({ onCredential, onError });
  useEffect(() => {
    handlers.current = { onCredential, onError };
  });

  useEffect(() => {
    if (!clientId) return;
    let cancelled = false;
    loadGoogleScript()
      .then((google) => {
        if (cancelled || !containerRef.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) =>
            response.credential
              ? handlers.current.onCredential(response.credential)
              : handlers.current.onError(),
          error_callback: () => handlers.current.onError(),
        });
        google.accounts.id.renderButton(containerRef.current, {
          theme: 'outline',
          size: BUTTON_SIZE,
          shape: 'pill',
          text: 'continue_with',
          width: 320,
        });
      })
      .catch(() => !cancelled && setLoadFailed(true));
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (config.isPending) return <DisabledGoogleButton note="Checking Google sign-in..." />;
  if (!clientId) return <DisabledGoogleButton note="Google sign-in is not available on this site yet." />;
  if (loadFailed)
    return <DisabledGoogleButton note="Google sign-in could not be loaded. Please use your email." />;
  return (
    <div className="google-signin">
      <div ref={containerRef} />
    </div>
  );
}
