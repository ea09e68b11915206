/** The hero picture, drawn inline: external images are not allowed by the CSP and cost a download. */
export function HeroIllustration() {
  return (
    <svg className="hero-art" viewBox="0 0 464 544" role="img" aria-labelledby="hero-art-title">
      <title id="hero-art-title">Balanced spa stones by calm water at sunrise</title>
      <defs>
        <linearGradient id="hero-sky" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#f1e5d2" />
          <stop offset="0.55" stopColor="#efe6da" />
          <stop offset="1" stopColor="#d9e6de" />
        </linearGradient>
        <radialGradient id="hero-sun" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#fbefd8" />
          <stop offset="0.6" stopColor="#f5dfb8" />
          <stop offset="1" stopColor="#f5dfb8" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="hero-water" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#4f8275" />
          <stop offset="1" stopColor="#1c463f" />
        </linearGradient>
        <linearGradient id="hero-stone" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fff" stopOpacity="0.28" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </linearGradient>
        <clipPath id="hero-arch">
          <path d="M0 222a222 222 0 0 1 444 0v302H0z" />
        </clipPath>
      </defs>

      <path d="M20 242a222 222 0 0 1 444 0v302H20z" fill="none" stroke="#b08d57" strokeOpacity="0.55" />

      <g clipPath="url(#hero-arch)">
        <rect width="444" height="524" fill="url(#hero-sky)" />
        <circle cx="300" cy="176" r="120" fill="url(#hero-sun)" />
        <circle cx="300" cy="176" r="54" fill="#f7e4c2" />
        <path d="M0 318c70-40 140-34 214-10s150 8 230-24v240H0z" fill="#bfd3c9" />
        <path d="M0 360c84-26 160-12 236 2s140-2 208-20v182H0z" fill="#8fb3a6" />
        <rect y="398" width="444" height="126" fill="url(#hero-water)" />
        <g fill="none" stroke="#d6e6df" strokeOpacity="0.45" strokeWidth="1.5">
          <ellipse cx="222" cy="462" rx="176" ry="18" />
          <ellipse cx="222" cy="462" rx="128" ry="12" />
          <ellipse cx="222" cy="496" rx="200" ry="16" strokeOpacity="0.25" />
        </g>

        <g>
          <ellipse cx="222" cy="446" rx="84" ry="25" fill="#5f574f" />
          <ellipse cx="222" cy="440" rx="84" ry="21" fill="#736a60" />
          <ellipse cx="224" cy="406" rx="62" ry="21" fill="#8b8175" />
          <ellipse cx="219" cy="374" rx="46" ry="17" fill="#a79c8e" />
          <ellipse cx="222" cy="347" rx="29" ry="12" fill="#c9beae" />
          <ellipse cx="206" cy="435" rx="52" ry="10" fill="url(#hero-stone)" />
          <ellipse cx="212" cy="400" rx="38" ry="9" fill="url(#hero-stone)" />
          <ellipse cx="210" cy="369" rx="28" ry="7" fill="url(#hero-stone)" />
        </g>

        <g fill="#2f6457">
          <path
            d="M-6 214c60 6 104 32 132 78"
            fill="none"
            stroke="#2f6457"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
          <path d="M34 222c-8-22 2-42 24-50 6 22-4 40-24 50z" />
          <path d="M62 236c10-20 32-28 54-20-10 20-32 28-54 20z" />
          <path d="M76 246c-4-24 10-42 34-46 2 24-12 40-34 46z" fill="#3f7769" />
          <path d="M98 268c14-18 38-22 56-10-14 18-38 22-56 10z" fill="#3f7769" />
          <path d="M12 212c4-20 20-32 42-30-4 20-20 32-42 30z" fill="#4d8576" />
        </g>

        <g fill="#f3e9dc" opacity="0.9">
          <path d="M352 452c-8-9-8-20 0-28 8 8 8 19 0 28z" />
          <path d="M352 452c-12 1-21-5-23-16 11-1 20 5 23 16z" />
          <path d="M352 452c12 1 21-5 23-16-11-1-20 5-23 16z" />
        </g>
      </g>
    </svg>
  );
}
