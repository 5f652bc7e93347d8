/**
 * Key chords of the action table (editor-actions.ts) in the spellings each
 * consumer needs: Electron's accelerators, aria-keyshortcuts, the text a
 * person reads, and a match against a keydown. One parser, so the menu, the
 * toolbar, the sheet and the keyboard handler cannot disagree on a key.
 */
import {
  declaredActions,
  type Chord,
  type EditorActionDeclaration,
  type LanesKeyActionId,
  type SheetSection,
} from './editor-actions.ts';
import type { MessageKey } from '../i18n/messages-en.ts';

interface ParsedChord {
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  /** As KeyboardEvent.key names it ('+' for Plus), letters lower case. */
  key: string;
}

function parseChord(chord: Chord): ParsedChord {
  const parts = chord.split('+');
  const last = parts.pop()!;
  const key = last === 'Plus' ? '+' : last.length === 1 ? last.toLowerCase() : last;
  return { ctrl: parts.includes('Ctrl'), shift: parts.includes('Shift'), alt: parts.includes('Alt'), key };
}

/** One spelling per chord, for comparing (the same chord declared twice is a collision). */
export function chordId(chord: Chord): string {
  const { ctrl, shift, alt, key } = parseChord(chord);
  return [ctrl && 'Ctrl', shift && 'Shift', alt && 'Alt', key].filter(Boolean).join('+');
}

/** Electron's accelerator for a chord on one side ('Ctrl' is CmdOrCtrl unless the side is named). */
function toAccelerator(chord: Chord, platform: 'any' | 'mac' | 'other'): string {
  const ctrl = platform === 'any' ? 'CmdOrCtrl' : platform === 'mac' ? 'Cmd' : 'Ctrl';
  return chord
    .split('+')
    .map((part) => (part === 'Ctrl' ? ctrl : part))
    .join('+');
}

/** The accelerator the menu shows for an action (menu-template.ts picks the platform's side). */
export function menuAccelerator(
  action: EditorActionDeclaration,
): string | { mac: string; other: string } | undefined {
  const chosen = action.menu?.chord ?? action.keys?.chords[0];
  if (chosen === undefined) return undefined;
  if (typeof chosen === 'string') return toAccelerator(chosen, 'any');
  return { mac: toAccelerator(chosen.mac, 'mac'), other: toAccelerator(chosen.other, 'other') };
}

/** aria-keyshortcuts: every chord, space-separated ("Control+Plus Control+="). */
export function ariaKeyShortcuts(chords: readonly Chord[]): string {
  return chords
    .map((chord) =>
      chord
        .split('+')
        .map((part) => (part === 'Ctrl' ? 'Control' : part))
        .join('+'),
    )
    .join(' ');
}

const SHOWN_KEYS: Record<string, string> = {
  '-': '−',
  Plus: '+',
  ArrowLeft: '←',
  ArrowUp: '↑',
  ArrowRight: '→',
  ArrowDown: '↓',
};

/**
 * "Ctrl+Shift+M" as a person reads it, the modifiers and named keys in the UI
 * language ("Strg+Umschalt+M", "Entf").
 */
export function shownChord(
  chord: Chord,
  words: { ctrl: string; shift: string; keys?: Readonly<Record<string, string>> },
  joiner = '+',
): string {
  return chord
    .split('+')
    .map((part) =>
      part === 'Ctrl'
        ? words.ctrl
        : part === 'Shift'
          ? words.shift
          : (words.keys?.[part] ?? SHOWN_KEYS[part] ?? part),
    )
    .join(joiner);
}

/** What a keydown reports, as far as a chord is concerned (a KeyboardEvent is one). */
export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * Whether a keydown is the chord. Ctrl is Ctrl or Cmd (⌘ on macOS, and Ctrl
 * there too). A punctuation key ignores Shift: on many layouts it takes Shift
 * to type "/" or "+" at all (German: Shift+7 is "/").
 */
function matchesChord(press: KeyPress, chord: Chord): boolean {
  const wanted = parseChord(chord);
  const key = press.key.length === 1 ? press.key.toLowerCase() : press.key;
  if (key !== wanted.key) return false;
  if ((press.ctrlKey || press.metaKey) !== wanted.ctrl || press.altKey !== wanted.alt) return false;
  const punctuation = wanted.key.length === 1 && !/[\p{L}\p{N}]/u.test(wanted.key);
  return punctuation || press.shiftKey === wanted.shift;
}

/** The actions Lanes binds itself, with their chords: bpmn-js's own keys are not among them. */
const lanesBound = declaredActions.filter((action) => action.keys?.boundBy === 'lanes');

/** The Lanes-bound action a keydown asks for, if any. */
export function lanesActionForKey(press: KeyPress): { id: LanesKeyActionId; anywhere: boolean } | undefined {
  const action = lanesBound.find((candidate) =>
    candidate.keys!.chords.some((chord) => matchesChord(press, chord)),
  );
  return action && { id: action.id as LanesKeyActionId, anywhere: action.keys?.anywhere === true };
}

/** The shortcuts sheet's rows of one section: every declared key, bpmn-js's and Lanes's, in table order. */
export function sheetRows(
  section: SheetSection,
): Array<{ id: string; chords: readonly Chord[]; label: MessageKey }> {
  return declaredActions.flatMap((action) =>
    action.keys?.sheet === section && action.label
      ? [{ id: action.id, chords: action.keys.chords, label: action.label }]
      : [],
  );
}
