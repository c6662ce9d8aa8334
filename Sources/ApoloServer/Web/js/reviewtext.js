// The reviewer's page's words in English and Spanish, and its small pure rules (no DOM: node-tested).

const WORDS = {
  en: {
    name: 'Your name', nameAsk: 'Who is choosing?', nameWhy: 'The photographer sees your picks under this name.',
    password: 'Password', passwordAsk: 'This link asks for a password', ok: 'Continue', cancel: 'Cancel',
    send: 'Send my picks', sendAsk: 'Send your {0} picks to the photographer?',
    sendWhy: 'Once sent, they are locked: ask the photographer for a new link to change them.', sendOk: 'Send',
    sent: 'Sent on {0}. Thank you!', count: '♥ {0}', countOf: '♥ {0} of {1}', heart: 'Heart',
    photo: 'Photo {0}', open: 'Open {0}', prev: 'Previous', next: 'Next', close: 'Close', download: 'Download',
    comment: 'Comment for the photographer', commented: 'commented', saved: 'Comment saved',
    picked: '{0}: hearted', unpicked: '{0}: heart taken off', photos: 'Photos', nothing: 'No photos here.',
    noLink: 'This address has no link key: open the whole link the photographer sent you.',
    findMe: 'Find me', findMeHint: 'Pick your face to see the photos you are in.', faces: 'People in these photos',
    face: 'Person {0}, in {1} photos', faceOne: 'Person {0}, in 1 photo',
    showing: 'Showing the {0} photos this person is in', showAll: 'Show all photos',
  },
  es: {
    name: 'Tu nombre', nameAsk: '¿Quién elige?', nameWhy: 'El fotógrafo verá tus elecciones con este nombre.',
    password: 'Contraseña', passwordAsk: 'Este enlace pide una contraseña', ok: 'Seguir', cancel: 'Cancelar',
    send: 'Enviar mis elecciones', sendAsk: '¿Enviar tus {0} elecciones al fotógrafo?',
    sendWhy: 'Una vez enviadas quedan fijas: pide al fotógrafo un enlace nuevo para cambiarlas.', sendOk: 'Enviar',
    sent: 'Enviadas el {0}. ¡Gracias!', count: '♥ {0}', countOf: '♥ {0} de {1}', heart: 'Me gusta',
    photo: 'Foto {0}', open: 'Abrir {0}', prev: 'Anterior', next: 'Siguiente',
    close: 'Cerrar', download: 'Descargar', comment: 'Comentario para el fotógrafo', commented: 'comentada',
    saved: 'Comentario guardado', picked: '{0}: con corazón', unpicked: '{0}: sin corazón', photos: 'Fotos',
    nothing: 'No hay fotos aquí.',
    noLink: 'Esta dirección no lleva la clave del enlace: abre el enlace entero que te envió el fotógrafo.',
    findMe: 'Buscarme', findMeHint: 'Elige tu cara para ver las fotos en que sales.', faces: 'Personas en estas fotos',
    face: 'Persona {0}, en {1} fotos', faceOne: 'Persona {0}, en 1 foto',
    showing: 'Se ven las {0} fotos en que sale esta persona', showAll: 'Ver todas las fotos',
  },
};

/// The language of the reviewer's browser among those apolo speaks (English otherwise).
export function language(preferred = []) {
  const found = preferred.map((tag) => String(tag).slice(0, 2).toLowerCase()).find((code) => code in WORDS);
  return found ?? 'en';
}

/// The words of `key` in `lang`, `{0}` … filled with `args`.
export function say(lang, key, ...args) {
  const template = WORDS[lang]?.[key] ?? WORDS.en[key] ?? key;
  return template.replace(/\{(\d)\}/g, (_, i) => String(args[Number(i)] ?? ''));
}

/// What a photo is called to the reviewer: its file name when the share shows names, else "Photo 12".
export const title = (lang, photo) => photo.file ?? say(lang, 'photo', photo.n);

/// The counter: "♥ 3" or "♥ 3 of 40".
export const counter = (lang, picks, most) => (most ? say(lang, 'countOf', picks, most) : say(lang, 'count', picks));

/// The index `step` away from `at` among `count`, kept inside (no wrap: the ends stay the ends).
export const step = (at, by, count) => Math.max(0, Math.min(count - 1, at + by));

/// A swipe's meaning from where a pointer went down and came up: -1 (back), 1 (on) or 0.
export function swipe(dx, dy, ms) {
  if (Math.abs(dx) < 50 || Math.abs(dx) < 1.5 * Math.abs(dy) || ms > 800) return 0;
  return dx < 0 ? 1 : -1;
}

/// The link's key from the address's fragment (`#KEY`), or null.
export function linkKey(hash) {
  const key = String(hash ?? '').replace(/^#/, '');
  return /^[A-Za-z0-9_-]{32}$/.test(key) ? key : null;
}
