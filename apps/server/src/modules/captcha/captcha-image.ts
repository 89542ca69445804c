import { randomBytes } from 'node:crypto';
import svgCaptchaModule from 'svg-captcha';
import { encodePng, paintShape, type Point, type Shape } from './captcha-raster.ts';

/**
 * The image captcha's picture. Glyph outlines come from the font svg-captcha ships (Comismsh,
 * loaded by opentype.js); everything after that is ours, because svg-captcha only nudged each
 * path point by ±0.1 px and served the glyphs as separate SVG paths, which a template matcher
 * read back 100 % of the time. Here each glyph is bent on its own (rotation, scale, skew, a local
 * bulge), the glyphs overlap at random spacing, the whole line goes through a wave warp, strokes of
 * the glyphs' own colour and width run through them, and the result is rasterised to a PNG so no
 * outline reaches the client. captcha-attack.test.ts measures what a matcher still reads.
 */

interface PathCommand {
  type: 'M' | 'L' | 'Q' | 'C' | 'Z';
  x?: number;
  y?: number;
  x1?: number;
  y1?: number;
  x2?: number;
  y2?: number;
}

interface CaptchaFont {
  unitsPerEm: number;
  charToGlyph(character: string): {
    getPath(x: number, y: number, fontSize: number): { commands: PathCommand[] };
  };
}

// svg-captcha's typings declare neither the loaded font nor opentype.js's objects.
export const captchaFont = (svgCaptchaModule as unknown as { options: { font: CaptchaFont } }).options.font;

/**
 * Characters a person reads one way only in this font, even bent and crossed by a line: no 0/o,
 * 1/l/i, 5/s, 2/z, 9/g/q, 6/b, u/v, f/t, 7/y (once turned), and no c or e (a line through a c
 * makes an e; an e's small eye fills up under a line).
 */
export const CAPTCHA_ALPHABET = 'abdfhjkmnprwxy348';
export const CAPTCHA_LENGTH = 4;

/** The size the web shows the image at (CSS pixels of `.captcha-image`), and the pixel density. */
export const CAPTCHA_WIDTH = 136;
export const CAPTCHA_HEIGHT = 44;
export const CAPTCHA_SCALE = 2;
export const CAPTCHA_FONT_SIZE = 54;

const BASELINE = 31;

/** A uniform number in [0, 1) from node:crypto: a guessable generator would let a solver undo the warp. */
export function secureRandom(): () => number {
  let pool = Buffer.alloc(0);
  let offset = 0;
  return () => {
    if (offset + 4 > pool.length) {
      pool = randomBytes(1024);
      offset = 0;
    }
    const value = pool.readUInt32BE(offset);
    offset += 4;
    return value / 2 ** 32;
  };
}

const glyphCache = new Map<string, Shape>();

/**
 * The glyph's solid outline (see solidFace), flattened to points about half a pixel apart, baseline
 * at y = 0, pen at x = 0. Cached: callers map the points to new ones and never change them.
 */
export function glyphContours(character: string, fontSize: number): Shape {
  const key = `${character}:${fontSize}`;
  const cached = glyphCache.get(key);
  if (cached) return cached;
  const shape = solidFace(glyphOutline(character, fontSize));
  glyphCache.set(key, shape);
  return shape;
}

/** The font's own contours for the glyph (hollow face and drop shadow), flattened. */
export function glyphOutline(character: string, fontSize: number): Shape {
  const commands = captchaFont.charToGlyph(character).getPath(0, 0, fontSize).commands;
  const contours: Shape = [];
  let contour: Point[] = [];
  let pen: Point = { x: 0, y: 0 };
  const lineTo = (to: Point) => {
    const steps = Math.max(1, Math.ceil(Math.hypot(to.x - pen.x, to.y - pen.y) / 0.5));
    for (let step = 1; step <= steps; step += 1) {
      contour.push({
        x: pen.x + ((to.x - pen.x) * step) / steps,
        y: pen.y + ((to.y - pen.y) * step) / steps,
      });
    }
    pen = to;
  };
  for (const command of commands) {
    const to = { x: command.x ?? 0, y: command.y ?? 0 };
    switch (command.type) {
      case 'M':
        if (contour.length > 2) contours.push(contour);
        contour = [to];
        pen = to;
        break;
      case 'L':
        lineTo(to);
        break;
      case 'Q':
      case 'C': {
        const from = pen;
        const first = { x: command.x1 ?? 0, y: command.y1 ?? 0 };
        const second = command.type === 'C' ? { x: command.x2 ?? 0, y: command.y2 ?? 0 } : first;
        for (let step = 1; step <= 8; step += 1) {
          const t = step / 8;
          const u = 1 - t;
          lineTo(
            command.type === 'Q'
              ? {
                  x: u * u * from.x + 2 * u * t * first.x + t * t * to.x,
                  y: u * u * from.y + 2 * u * t * first.y + t * t * to.y,
                }
              : {
                  x:
                    u * u * u * from.x +
                    3 * u * u * t * first.x +
                    3 * u * t * t * second.x +
                    t * t * t * to.x,
                  y:
                    u * u * u * from.y +
                    3 * u * u * t * first.y +
                    3 * u * t * t * second.y +
                    t * t * t * to.y,
                },
          );
        }
        break;
      }
      case 'Z':
        if (contour.length > 2) contours.push(contour);
        contour = [];
        break;
    }
  }
  if (contour.length > 2) contours.push(contour);
  return contours;
}

function contains(contour: Point[], point: Point): boolean {
  let isInside = false;
  for (let index = 0, previous = contour.length - 1; index < contour.length; previous = index, index += 1) {
    const a = contour[index]!;
    const b = contour[previous]!;
    if (a.y > point.y !== b.y > point.y && point.x < a.x + ((point.y - a.y) * (b.x - a.x)) / (b.y - a.y)) {
      isInside = !isInside;
    }
  }
  return isInside;
}

/**
 * Comismsh draws each letter as an outline with a drop shadow around a hollow face: thin at 40 px
 * and easy to lose under a noise line. Keeping only the outermost contours (depth 0) and the
 * letters' own counters (depth 3: inside the face, inside the counter's outline) gives a solid bold
 * letter whose holes stay open.
 */
function solidFace(contours: Shape): Shape {
  return contours.filter((contour) => {
    const depth = contours.filter((other) => other !== contour && contains(other, contour[0]!)).length;
    return depth % 4 === 0 || depth % 4 === 3;
  });
}

const mapShape = (shape: Shape, map: (point: Point) => Point): Shape =>
  shape.map((contour) => contour.map(map));

function bounds(shape: Shape) {
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const point of shape.flat()) {
    left = Math.min(left, point.x);
    right = Math.max(right, point.x);
    top = Math.min(top, point.y);
    bottom = Math.max(bottom, point.y);
  }
  return { left, right, top, bottom };
}

/** A glyph bent on its own: scaled (random width), skewed, turned, with a bulge or pinch somewhere inside. */
function bendGlyph(character: string, random: () => number): Shape {
  const between = (low: number, high: number) => low + (high - low) * random();
  const outline = glyphContours(character, CAPTCHA_FONT_SIZE);
  const box = bounds(outline);
  const centre = { x: (box.left + box.right) / 2, y: -CAPTCHA_FONT_SIZE * 0.17 };
  const scaleX = between(0.9, 1.3);
  const scaleY = between(0.9, 1.1);
  const skew = between(-0.3, 0.3);
  const angle = between(-0.35, 0.35);
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const bulge = {
    x: between(box.left, box.right) - centre.x,
    y: between(box.top, box.bottom) - centre.y,
    radius: between(8, 13),
    strength: between(-0.2, 0.2),
  };
  return mapShape(outline, (point) => {
    let x = point.x - centre.x;
    let y = point.y - centre.y;
    const distance = Math.hypot(x - bulge.x, y - bulge.y) / bulge.radius;
    if (distance < 1) {
      const factor = 1 + bulge.strength * (1 - distance * distance) ** 2;
      x = bulge.x + (x - bulge.x) * factor;
      y = bulge.y + (y - bulge.y) * factor;
    }
    x = x * scaleX + skew * y * scaleY;
    y *= scaleY;
    return { x: x * cos - y * sin, y: x * sin + y * cos };
  });
}

/** A band `width` wide along the points: one closed contour (one side out, the other side back). */
function strokeAlong(points: Point[], width: number): Shape {
  const left: Point[] = [];
  const right: Point[] = [];
  points.forEach((point, index) => {
    const before = points[Math.max(0, index - 1)]!;
    const after = points[Math.min(points.length - 1, index + 1)]!;
    const length = Math.hypot(after.x - before.x, after.y - before.y) || 1;
    const normal = { x: -(after.y - before.y) / length, y: (after.x - before.x) / length };
    left.push({ x: point.x + (normal.x * width) / 2, y: point.y + (normal.y * width) / 2 });
    right.push({ x: point.x - (normal.x * width) / 2, y: point.y - (normal.y * width) / 2 });
  });
  return [[...left, ...right.reverse()]];
}

/** Lines and arcs drawn through the text band, as centre lines (points a pixel or less apart). */
function noiseLines(random: () => number): { points: Point[]; width: number }[] {
  const between = (low: number, high: number) => low + (high - low) * random();
  const lines: { points: Point[]; width: number }[] = [];
  // Two long curves across the glyphs, one as thick as the glyphs' own strokes.
  for (const [thinnest, thickest] of [
    [2.4, 3.2],
    [1.4, 2],
  ] as const) {
    const start = { x: between(-4, 12), y: between(14, 32) };
    const end = { x: between(CAPTCHA_WIDTH - 12, CAPTCHA_WIDTH + 4), y: between(14, 32) };
    const first = { x: between(25, 60), y: between(6, 40) };
    const second = { x: between(76, 111), y: between(6, 40) };
    const points: Point[] = [];
    for (let step = 0; step <= 160; step += 1) {
      const t = step / 160;
      const u = 1 - t;
      points.push({
        x: u * u * u * start.x + 3 * u * u * t * first.x + 3 * u * t * t * second.x + t * t * t * end.x,
        y: u * u * u * start.y + 3 * u * u * t * first.y + 3 * u * t * t * second.y + t * t * t * end.y,
      });
    }
    lines.push({ points, width: between(thinnest, thickest) });
  }
  // One arc round part of the text, and a thin hairline.
  const centre = { x: between(30, 106), y: between(10, 34) };
  const radius = { x: between(12, 30), y: between(9, 22) };
  const from = between(0, Math.PI * 2);
  const sweep = between(1.6, 3.6) * (random() < 0.5 ? -1 : 1);
  const arc: Point[] = [];
  for (let step = 0; step <= 80; step += 1) {
    const angle = from + (sweep * step) / 80;
    arc.push({ x: centre.x + radius.x * Math.cos(angle), y: centre.y + radius.y * Math.sin(angle) });
  }
  lines.push({ points: arc, width: between(2, 3) });
  const hairFrom = { x: between(0, 30), y: between(6, 38) };
  const hairTo = { x: between(106, 136), y: between(6, 38) };
  const hair: Point[] = [];
  for (let step = 0; step <= 100; step += 1) {
    hair.push({
      x: hairFrom.x + ((hairTo.x - hairFrom.x) * step) / 100,
      y: hairFrom.y + ((hairTo.y - hairFrom.y) * step) / 100,
    });
  }
  lines.push({ points: hair, width: 1 });
  return lines;
}

function hslToRgb(hue: number, saturation: number, lightness: number): [number, number, number] {
  const reach = saturation * Math.min(lightness, 1 - lightness);
  const channel = (shift: number) => {
    const k = (shift + hue * 12) % 12;
    return Math.round(255 * (lightness - reach * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [channel(0), channel(8), channel(4)];
}

/**
 * The captcha picture of `text` as a PNG, CAPTCHA_WIDTH × CAPTCHA_HEIGHT CSS pixels at
 * CAPTCHA_SCALE. The background is always light so it reads the same in the light and dark themes.
 */
export function renderCaptchaImage(text: string, random: () => number = secureRandom()): Buffer {
  const { rgb, width, height } = renderCaptchaPixels(text, random);
  return encodePng(rgb, width, height);
}

/** The picture as 8-bit RGB rows (what renderCaptchaImage encodes). */
export function renderCaptchaPixels(
  text: string,
  random: () => number,
): { rgb: Uint8Array; width: number; height: number } {
  const between = (low: number, high: number) => low + (high - low) * random();

  // Glyphs side by side, each overlapping the one before by a random share of its width.
  const glyphs = [...text].map((character) => bendGlyph(character, random));
  const placed: { shape: Shape; offset: number }[] = [];
  let cursor = 0;
  let previousRight = 0;
  for (const [index, glyph] of glyphs.entries()) {
    const box = bounds(glyph);
    const width = box.right - box.left;
    const offset = index === 0 ? -box.left : previousRight - width * between(0, 0.18) - box.left;
    placed.push({ shape: glyph, offset });
    previousRight = offset + box.right;
    cursor = Math.max(cursor, previousRight);
  }
  const margin = 4;
  const squeeze = Math.min(1, (CAPTCHA_WIDTH - 2 * margin) / cursor);
  const start = margin + between(0, CAPTCHA_WIDTH - 2 * margin - cursor * squeeze);
  const shapes: Shape[] = placed.map(({ shape, offset }) => {
    const box = bounds(shape);
    // A random rise or fall, kept inside the picture whatever the glyph's height after turning.
    const low = Math.max(4 - box.top, BASELINE - 5);
    const high = Math.min(CAPTCHA_HEIGHT - 4 - box.bottom, BASELINE + 5);
    const rise = low <= high ? between(low, high) : (low + high) / 2;
    return mapShape(shape, (point) => ({ x: start + (point.x + offset) * squeeze, y: point.y + rise }));
  });

  // One wave warp over glyphs and lines alike: a wavy baseline, bent verticals, uneven widths.
  const waves = {
    shearAmplitude: between(1.2, 2.4),
    shearPeriod: between(24, 44),
    shearPhase: between(0, Math.PI * 2),
    stretchAmplitude: between(1.5, 3.2),
    stretchPeriod: between(34, 64),
    stretchPhase: between(0, Math.PI * 2),
    riseAmplitude: between(2, 4),
    risePeriod: between(45, 90),
    risePhase: between(0, Math.PI * 2),
  };
  const warp = (point: Point): Point => ({
    x:
      (point.x +
        waves.shearAmplitude * Math.sin((2 * Math.PI * point.y) / waves.shearPeriod + waves.shearPhase) +
        waves.stretchAmplitude *
          Math.sin((2 * Math.PI * point.x) / waves.stretchPeriod + waves.stretchPhase)) *
      CAPTCHA_SCALE,
    y:
      (point.y +
        waves.riseAmplitude * Math.sin((2 * Math.PI * point.x) / waves.risePeriod + waves.risePhase)) *
      CAPTCHA_SCALE,
  });

  const width = CAPTCHA_WIDTH * CAPTCHA_SCALE;
  const height = CAPTCHA_HEIGHT * CAPTCHA_SCALE;
  const ink = new Float32Array(width * height);
  for (const shape of shapes) paintShape(ink, width, height, mapShape(shape, warp));
  for (const line of noiseLines(random)) {
    paintShape(ink, width, height, strokeAlong(line.points.map(warp), line.width * CAPTCHA_SCALE));
  }

  // One dark ink for glyphs and lines (so colour does not tell them apart) on a light, uneven ground.
  const hue = random();
  const inkColour = hslToRgb(hue, between(0.55, 0.85), between(0.16, 0.3));
  const groundFrom = hslToRgb(random(), between(0.3, 0.7), between(0.9, 0.96));
  const groundTo = hslToRgb(random(), between(0.3, 0.7), between(0.9, 0.96));
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const pixel = y * width + x;
      const along = (x / width + y / height) / 2;
      const coverage = ink[pixel]!;
      for (let channel = 0; channel < 3; channel += 1) {
        const ground = groundFrom[channel]! + (groundTo[channel]! - groundFrom[channel]!) * along;
        rgb[pixel * 3 + channel] = Math.round(ground + (inkColour[channel]! - ground) * coverage);
      }
    }
  }
  return { rgb, width, height };
}
