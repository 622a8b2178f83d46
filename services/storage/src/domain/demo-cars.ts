/**
 * Demo car photos for the seeded inventory: twelve side-view car illustrations drawn as SVG (a sedan, a
 * hatchback and an SUV in twelve body colours, over four backdrops: a road by day, a sunset skyline, a
 * showroom and a city at dusk) and rendered with sharp to 1280×853 px, stored like an upload: a JPEG
 * original plus the WebP sizes. Keys `demo-car-01` … `demo-car-12` (contracts
 * DEMO_CAR_IMAGE_KEYS). Pure: no I/O.
 */
import { DEMO_CAR_IMAGE_KEYS } from '@marketplace/contracts';
import sharp from 'sharp';
import { encodeStoredImage, type Pixels, type ProcessedImage } from './images';

/** Width and height of a rendered demo photo, px. */
export const DEMO_SIZE = { width: 1280, height: 853 } as const;

/** Body colours, in the order of the keys. */
export const DEMO_COLOURS = [
  { name: 'Fiery Red', hex: '#c62828' },
  { name: 'Pearl White', hex: '#eeeeea' },
  { name: 'Ocean Blue', hex: '#1e5aa8' },
  { name: 'Midnight Black', hex: '#25272c' },
  { name: 'Silver', hex: '#b3b8bf' },
  { name: 'Forest Green', hex: '#2e6b3f' },
  { name: 'Sunburst Orange', hex: '#e8772e' },
  { name: 'Graphite Grey', hex: '#555b63' },
  { name: 'Canary Yellow', hex: '#eebd2b' },
  { name: 'Maroon', hex: '#6d1a2a' },
  { name: 'Teal', hex: '#1f8a8a' },
  { name: 'Bronze', hex: '#8c6a45' },
] as const;

type Body = 'sedan' | 'hatchback' | 'suv';
type Backdrop = 'road' | 'sunset' | 'showroom' | 'dusk';

/** Outline, glass, wheel positions (x, radius) and lines of each body style; ground at y = 0, length 0–1000. */
const BODIES: Record<
  Body,
  { body: string; glass: string; pillars: number[]; wheels: [number, number][]; belt: number; sill: number }
> = {
  sedan: {
    body: 'M30 -35 L22 -95 Q25 -132 70 -138 L255 -148 Q300 -160 385 -232 Q400 -244 430 -245 L585 -245 Q620 -244 645 -225 L735 -155 L920 -135 Q985 -125 992 -80 L995 -40 Q990 -22 960 -22 L50 -22 Q32 -24 30 -35 Z',
    glass: 'M292 -152 Q330 -172 392 -224 Q405 -234 430 -234 L585 -234 Q612 -233 632 -218 L712 -155 Z',
    pillars: [505],
    wheels: [
      [205, 76],
      [795, 76],
    ],
    belt: -150,
    sill: -30,
  },
  hatchback: {
    body: 'M60 -35 L50 -110 Q52 -160 80 -192 L150 -242 Q165 -252 195 -252 L540 -252 Q580 -250 605 -230 L705 -152 L895 -130 Q968 -120 978 -80 L981 -40 Q977 -22 948 -22 L80 -22 Q62 -24 60 -35 Z',
    glass: 'M98 -176 L158 -232 Q168 -241 195 -241 L540 -241 Q566 -239 586 -223 L675 -154 L98 -154 Z',
    pillars: [165, 430],
    wheels: [
      [215, 72],
      [780, 72],
    ],
    belt: -154,
    sill: -30,
  },
  suv: {
    body: 'M25 -45 L20 -150 Q22 -190 50 -205 L120 -290 Q130 -300 160 -300 L600 -300 Q635 -298 655 -280 L740 -185 L930 -165 Q990 -155 995 -105 L998 -50 Q994 -32 965 -32 L50 -32 Q28 -34 25 -45 Z',
    glass: 'M68 -198 L134 -280 Q142 -289 162 -289 L600 -289 Q624 -287 640 -271 L716 -190 Z',
    pillars: [150, 420],
    wheels: [
      [205, 88],
      [800, 88],
    ],
    belt: -192,
    sill: -40,
  },
};

function channel(hex: string, i: number): number {
  return Number.parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16);
}

/** `hex` mixed towards white (`amount` > 0) or black (`amount` < 0), amount in -1…1. */
export function shade(hex: string, amount: number): string {
  const target = amount > 0 ? 255 : 0;
  const a = Math.abs(amount);
  const parts = [0, 1, 2].map((i) => Math.round(channel(hex, i) + (target - channel(hex, i)) * a));
  return `#${parts.map((p) => p.toString(16).padStart(2, '0')).join('')}`;
}

function backdropSvg(kind: Backdrop, w: number, h: number, ground: number): string {
  const road = (top: string, bottom: string, stripe: string) => `
    <rect x="0" y="${ground - 40}" width="${w}" height="${h - ground + 40}" fill="url(#road)"/>
    <linearGradient id="road" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>
    <rect x="0" y="${ground - 46}" width="${w}" height="8" fill="${shade(top, 0.35)}"/>
    ${Array.from({ length: 9 }, (_, i) => `<rect x="${i * 160 - 20}" y="${ground + 70}" width="90" height="10" rx="3" fill="${stripe}"/>`).join('')}`;
  const skyline = (fill: string, lit?: string) =>
    [60, 150, 230, 340, 420, 520, 610, 700, 800, 880, 980, 1080, 1170]
      .map((x, i) => {
        const bh = 120 + ((i * 53) % 140);
        const y = ground - 46 - bh;
        const windows = lit
          ? Array.from({ length: 6 }, (_, j) =>
              (i + j) % 3 === 0
                ? `<rect x="${x + 12 + (j % 3) * 20}" y="${y + 16 + Math.floor(j / 3) * 28}" width="10" height="14" fill="${lit}"/>`
                : '',
            ).join('')
          : '';
        return `<rect x="${x}" y="${y}" width="${78 + ((i * 17) % 30)}" height="${bh}" fill="${fill}"/>${windows}`;
      })
      .join('');
  switch (kind) {
    case 'road':
      return `
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7db8f0"/><stop offset="1" stop-color="#e6f2fc"/></linearGradient>
        <rect width="${w}" height="${h}" fill="url(#sky)"/>
        <ellipse cx="260" cy="130" rx="120" ry="28" fill="#ffffff" opacity="0.8"/>
        <ellipse cx="900" cy="90" rx="160" ry="30" fill="#ffffff" opacity="0.7"/>
        <path d="M0 ${ground - 120} Q200 ${ground - 260} 420 ${ground - 150} T860 ${ground - 170} T${w} ${ground - 140} V${ground} H0 Z" fill="#8dbb86"/>
        <path d="M0 ${ground - 80} Q300 ${ground - 170} 640 ${ground - 90} T${w} ${ground - 100} V${ground} H0 Z" fill="#6fa168"/>
        ${road('#6a6f76', '#4a4e54', '#f4f4f4')}`;
    case 'sunset':
      return `
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f0764a"/><stop offset="0.6" stop-color="#ffc488"/><stop offset="1" stop-color="#ffe3b8"/></linearGradient>
        <rect width="${w}" height="${h}" fill="url(#sky)"/>
        <circle cx="1000" cy="${ground - 230}" r="95" fill="#fff0c4" opacity="0.95"/>
        ${skyline('#7a4f5c')}
        ${road('#5d5560', '#3d3741', '#f1d9a8')}`;
    case 'showroom':
      return `
        <linearGradient id="wall" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f5f7"/><stop offset="1" stop-color="#d5d9de"/></linearGradient>
        <rect width="${w}" height="${h}" fill="url(#wall)"/>
        ${[160, 480, 800, 1120].map((x) => `<ellipse cx="${x}" cy="40" rx="90" ry="14" fill="#ffffff"/><path d="M${x - 80} 40 L${x - 220} ${ground - 40} H${x + 220} L${x + 80} 40 Z" fill="#ffffff" opacity="0.18"/>`).join('')}
        <rect x="0" y="${ground - 40}" width="${w}" height="${h - ground + 40}" fill="#b9bfc6"/>
        <rect x="0" y="${ground - 44}" width="${w}" height="6" fill="#9aa1a9"/>
        <ellipse cx="${w / 2}" cy="${ground + 40}" rx="560" ry="70" fill="#ffffff" opacity="0.25"/>`;
    case 'dusk':
      return `
        <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1d2a55"/><stop offset="1" stop-color="#6f79b0"/></linearGradient>
        <rect width="${w}" height="${h}" fill="url(#sky)"/>
        ${[90, 240, 410, 530, 700, 860, 1010, 1190].map((x, i) => `<circle cx="${x}" cy="${40 + ((i * 37) % 120)}" r="2.5" fill="#ffffff" opacity="0.8"/>`).join('')}
        <circle cx="180" cy="110" r="42" fill="#f3f1dc"/>
        ${skyline('#2a3158', '#ffd77a')}
        ${road('#3e4350', '#262a33', '#d8d8a0')}`;
  }
}

function wheelSvg(x: number, r: number): string {
  const spokes = Array.from({ length: 5 }, (_, i) => {
    const a = (i * 2 * Math.PI) / 5;
    const x2 = x + Math.cos(a) * r * 0.58;
    const y2 = -r + Math.sin(a) * r * 0.58;
    return `<line x1="${x}" y1="${-r}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="#8d949e" stroke-width="${(r * 0.13).toFixed(1)}" stroke-linecap="round"/>`;
  }).join('');
  return `
    <circle cx="${x}" cy="${-r}" r="${r}" fill="#1b1c1f"/>
    <circle cx="${x}" cy="${-r}" r="${r * 0.86}" fill="none" stroke="#2c2e33" stroke-width="3"/>
    <circle cx="${x}" cy="${-r}" r="${r * 0.64}" fill="url(#rim)"/>
    <circle cx="${x}" cy="${-r}" r="${r * 0.5}" fill="#5d636c"/>
    ${spokes}
    <circle cx="${x}" cy="${-r}" r="${r * 0.17}" fill="#c3c9d1" stroke="#7d838c" stroke-width="3"/>`;
}

/**
 * The SVG of demo car `index` (0–11; other values wrap): body style index mod 3, backdrop index mod 4,
 * colour DEMO_COLOURS[index]. 1280×853 user units.
 */
export function demoCarSvg(index: number): string {
  const i = ((index % 12) + 12) % 12;
  const { width: w, height: h } = DEMO_SIZE;
  const colour = DEMO_COLOURS[i]!.hex;
  const kind = (['sedan', 'hatchback', 'suv'] as const)[i % 3]!;
  const backdrop = (['road', 'sunset', 'showroom', 'dusk'] as const)[i % 4]!;
  const car = BODIES[kind];
  const ground = 690;
  const front = car.wheels[1]![0];
  const rear = car.wheels[0]![0];
  const doorTop = car.belt + 4;
  const doors = [...car.pillars, kind === 'sedan' ? 300 : car.pillars[0]! + 0, 690]
    .filter((x, j, all) => all.indexOf(x) === j && x > rear - 20 && x < front - 60)
    .map(
      (x) =>
        `<path d="M${x} ${doorTop} L${x - 4} ${car.sill - 6}" stroke="${shade(colour, -0.45)}" stroke-width="3" fill="none"/>`,
    )
    .join('');
  const handles = car.pillars
    .map(
      (x) =>
        `<rect x="${x + 30}" y="${car.belt + 20}" width="46" height="9" rx="4" fill="${shade(colour, -0.35)}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="paint" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="${shade(colour, 0.35)}"/>
      <stop offset="0.45" stop-color="${colour}"/>
      <stop offset="1" stop-color="${shade(colour, -0.45)}"/>
    </linearGradient>
    <linearGradient id="glass" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#a9c8df"/>
      <stop offset="0.5" stop-color="#4b6a86"/>
      <stop offset="1" stop-color="#23344a"/>
    </linearGradient>
    <radialGradient id="rim" cx="0.4" cy="0.35" r="0.7">
      <stop offset="0" stop-color="#f2f4f7"/>
      <stop offset="1" stop-color="#9aa1ab"/>
    </radialGradient>
    <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#000000" stop-opacity="0.55"/>
      <stop offset="0.7" stop-color="#000000" stop-opacity="0.3"/>
      <stop offset="1" stop-color="#000000" stop-opacity="0"/>
    </radialGradient>
    <clipPath id="bodyclip"><path d="${car.body}"/></clipPath>
  </defs>
  ${backdropSvg(backdrop, w, h, ground)}
  <g transform="translate(140 ${ground})">
    <ellipse cx="510" cy="2" rx="560" ry="34" fill="url(#shadow)"/>
    <path d="${car.body}" fill="url(#paint)" stroke="${shade(colour, -0.55)}" stroke-width="3"/>
    <g clip-path="url(#bodyclip)">
      ${car.wheels.map(([x, r]) => `<circle cx="${x}" cy="${-r}" r="${r + 13}" fill="#141518"/>`).join('')}
      <rect x="0" y="${car.sill}" width="1000" height="40" fill="${shade(colour, -0.55)}" opacity="0.6"/>
      <path d="M0 ${car.belt + 22} H1000" stroke="${shade(colour, 0.55)}" stroke-width="5" opacity="0.55"/>
    </g>
    <path d="${car.glass}" fill="url(#glass)" stroke="#1c2430" stroke-width="4"/>
    <path d="${car.glass}" fill="#ffffff" opacity="0.12" clip-path="url(#bodyclip)"/>
    ${car.pillars.map((x) => `<rect x="${x - 7}" y="${car.belt - 110}" width="14" height="110" fill="${shade(colour, -0.5)}" clip-path="url(#bodyclip)"/>`).join('')}
    ${doors}
    ${handles}
    <path d="M${kind === 'suv' ? 730 : 715} ${car.belt + 2} l34 -4 l6 18 l-36 6 Z" fill="${shade(colour, -0.3)}"/>
    <ellipse cx="${kind === 'suv' ? 962 : 952}" cy="${kind === 'suv' ? -140 : -108}" rx="28" ry="14" fill="#fff7d6" stroke="#8f8a72" stroke-width="3"/>
    <rect x="${kind === 'hatchback' ? 44 : kind === 'suv' ? 18 : 20}" y="${kind === 'suv' ? -170 : -120}" width="18" height="34" rx="5" fill="#c0262d"/>
    <rect x="960" y="${kind === 'suv' ? -92 : -70}" width="34" height="16" rx="4" fill="#2a2c31"/>
    ${kind === 'suv' ? `<rect x="160" y="-310" width="430" height="8" rx="4" fill="#2a2c31"/>` : ''}
    ${car.wheels.map(([x, r]) => wheelSvg(x, r)).join('')}
  </g>
</svg>`;
}

/** Demo car `index` rendered to 1280×853 px of 8-bit sRGB pixels (3 channels). */
export async function renderDemoCarPixels(index: number): Promise<Pixels> {
  const { data, info } = await sharp(Buffer.from(demoCarSvg(index)))
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

/**
 * What the seed stores for demo car `index`: a JPEG original (1280×853) and the 320/640/1280 WebP sizes,
 * with the fast encoders (flat illustrations compress well; it keeps the first start short).
 */
export async function renderDemoCar(index: number): Promise<ProcessedImage> {
  return encodeStoredImage(await renderDemoCarPixels(index), 'jpeg', { fast: true });
}

/** The seeded demo images: key and the index to render. */
export const demoCarImages = DEMO_CAR_IMAGE_KEYS.map((key, index) => ({ key, index }));
