// The page's words, one table per language; `t` picks the language chosen on the page, else the browser's.
// No DOM here. Messages from apolo itself (what a change did, why it was refused) stay in English for now.
export const MESSAGES = {
  en: {
    'bar.undo': 'Undo', 'bar.redo': 'Redo', 'bar.shelf': 'Shelf', 'bar.filter': 'Filter', 'bar.history': 'History',
    'bar.export': 'Export', 'bar.projects': 'Projects', 'bar.size': 'Size', 'bar.help': 'Keys',
    'bar.language': 'Language', 'bar.target': 'target: {0}', 'bar.none': 'none', 'bar.saving': 'saving {0}…',
    'bar.nothingToUndo': 'nothing to undo', 'bar.nothingToRedo': 'nothing to redo',
    'bar.undoStep': 'Undo: {0} (Ctrl+Z)', 'bar.redoStep': 'Redo: {0} (Ctrl+Shift+Z)',
    'pane.rack': 'Shelf rack', 'pane.table': 'Light table', 'pane.divider': 'Resize the shelf rack',
    'place.table': 'Table', 'place.discarded': 'Discarded', 'place.kind.table': 'light table',
    'place.kind.shelf': 'shelf', 'place.kind.album': 'album', 'place.kind.discarded': 'discarded',
    'place.slides': '{0} slides', 'place.slide': '1 slide', 'place.target': 'target', 'place.empty': 'the table is empty',
    'place.drop': 'drop slides here', 'place.more': '… {0} more', 'place.showMore': 'show more slides',
    'tool.expand': 'Expand {0}', 'tool.collapse': 'Collapse {0}', 'tool.target': 'Make {0} the target shelf (S)',
    'tool.up': 'Move {0} up', 'tool.down': 'Move {0} down', 'tool.rename': 'Rename {0}',
    'tool.compress': 'Compress {0} into a locked album', 'tool.delete': 'Delete {0} (its slides return to the table)',
    'tool.earlier': 'Move album {0} earlier', 'tool.later': 'Move album {0} later', 'tool.reopen': 'Reopen {0} as a shelf',
    'tool.discardAlbum': 'Discard album {0} (its slides return to the table)',
    'ask.rename': 'New name for shelf {0}', 'ask.delete': 'Delete shelf {0}? Its slides return to the table.',
    'ask.discardAlbum': 'Discard album {0}? Its slides return to the table.', 'ask.newShelf': 'Name of the new shelf',
    'ask.tags': 'Tags for {0} (separated by commas)', 'ask.slides': '{0} slides',
    'slide.name': '{0}, {1} of 5 stars', 'slide.pending': 'not saved yet', 'slide.missing': 'original missing',
    'queue.refused': '“{0}” was refused: {1}', 'queue.lost': ' — {0} later change(s) not made',
    'queue.lostOne': ' — 1 later change was not made', 'queue.noTarget': 'choose a target shelf first: ◎ on a shelf',
    'help.title': 'Keys', 'help.scope.any': 'Everywhere', 'help.scope.table': 'Table and shelves',
    'help.scope.loupe': 'Loupe', 'help.scope.compare': 'Compare', 'help.scope.mouse': 'Mouse, pen and touch',
    'help.footer': 'Every change is an apolo command, saved at once and undoable from here or from the command line.',
    'help.undo': 'undo', 'help.redo': 'redo', 'help.help': 'show or hide these keys', 'help.close': 'close, clear',
    'help.next': 'next slide', 'help.previous': 'previous slide', 'help.extend': 'extend the selection',
    'help.rows': 'one row down or up (on to the next place)', 'help.pages': 'a page down or up',
    'help.ends': 'first or last slide of the place', 'help.moveSlide': 'move the focused slide within its shelf',
    'help.selectAll': 'select the whole place', 'help.rate': 'rate the focused or selected slides (0 clears)',
    'help.discard': 'discard (off a shelf: back to the table)', 'help.restore': 'restore a discarded slide',
    'help.tag': 'add tags', 'help.send': 'send to the target shelf', 'help.size': 'bigger or smaller frames',
    'help.captions': 'file names and times on the frames', 'help.loupe': 'open the loupe',
    'help.compare': 'compare the selected slides', 'help.filter': 'filter panel',
    'help.step': 'next or previous photo', 'help.advance': 'advance after rating, on or off',
    'help.zoom': '100% and back', 'help.closeCompare': 'close compare', 'help.compareStep': 'choose the next or previous one; 0–5, X, T and S act on it',
    'help.clickKeys': 'click, Shift-click, Ctrl-click', 'help.click': 'select slides',
    'help.dragKeys': 'drag, Alt-drag onto a slide', 'help.drag': 'move, swap',
    'help.touchKeys': 'touch or pen: press and hold, then drag', 'help.touch': 'move',
    'loupe.slide': 'slide', 'loupe.of': '{0} of {1}', 'loupe.file': 'file', 'loupe.captured': 'captured',
    'loupe.camera': 'camera', 'loupe.shot': 'shot', 'loupe.size': 'size', 'loupe.pair': 'pair',
    'loupe.pairText': '{0} (RAW+JPEG: one photo)', 'loupe.original': 'original',
    'loupe.missing': 'MISSING (apolo relink FOLDER finds it)', 'loupe.present': 'present', 'loupe.rating': 'rating',
    'loupe.tags': 'tags', 'loupe.none': 'none', 'loupe.advance': 'advance', 'loupe.advanceOn': 'after rating (A)',
    'loupe.advanceOff': 'off (A)', 'loupe.zoom': 'zoom', 'loupe.zoomText': 'Z or a click: 100%',
    'loupe.unknown': 'unknown', 'loupe.notRecorded': 'not recorded', 'loupe.title': 'Loupe', 'compare.title': 'Compare',
    'view.title': 'View', 'view.hint': 'Which slides the table and the shelves show; nothing is saved. \\ clears.',
    'view.stars': 'Stars', 'view.anyStars': 'any', 'view.unrated': 'Only unrated', 'view.tag': 'With tag',
    'view.without': 'Without tag', 'view.hideDiscarded': 'Hide the discarded tray', 'view.hidden': 'no slide here passes the view',
    'view.chip.stars': '{0} or more', 'view.chip.unrated': 'unrated', 'view.chip.tag': 'tag {0}',
    'view.chip.without': 'not {0}', 'view.chip.hideDiscarded': 'no tray', 'view.remove': 'Remove the view filter “{0}”',
    'bar.view': 'View', 'help.clearView': 'show every slide again (clear the view filters)',
    'notice.switched': 'project {0} was opened elsewhere (the command line or another tab); this page now shows it',
  },
  es: {
    'bar.undo': 'Deshacer', 'bar.redo': 'Rehacer', 'bar.shelf': 'Estante', 'bar.filter': 'Filtrar',
    'bar.history': 'Historial', 'bar.export': 'Exportar', 'bar.projects': 'Proyectos', 'bar.size': 'Tamaño',
    'bar.help': 'Teclas', 'bar.language': 'Idioma', 'bar.target': 'destino: {0}', 'bar.none': 'ninguno',
    'bar.saving': 'guardando {0}…', 'bar.nothingToUndo': 'nada que deshacer', 'bar.nothingToRedo': 'nada que rehacer',
    'bar.undoStep': 'Deshacer: {0} (Ctrl+Z)', 'bar.redoStep': 'Rehacer: {0} (Ctrl+Mayús+Z)',
    'pane.rack': 'Estantería', 'pane.table': 'Mesa de luz', 'pane.divider': 'Cambiar el alto de la estantería',
    'place.table': 'Mesa', 'place.discarded': 'Descartadas', 'place.kind.table': 'mesa de luz',
    'place.kind.shelf': 'estante', 'place.kind.album': 'álbum', 'place.kind.discarded': 'descartadas',
    'place.slides': '{0} diapositivas', 'place.slide': '1 diapositiva', 'place.target': 'destino',
    'place.empty': 'la mesa está vacía', 'place.drop': 'suelta aquí diapositivas', 'place.more': '… {0} más',
    'place.showMore': 'mostrar más diapositivas',
    'tool.expand': 'Desplegar {0}', 'tool.collapse': 'Plegar {0}', 'tool.target': 'Hacer de {0} el estante destino (S)',
    'tool.up': 'Subir {0}', 'tool.down': 'Bajar {0}', 'tool.rename': 'Renombrar {0}',
    'tool.compress': 'Comprimir {0} en un álbum cerrado', 'tool.delete': 'Borrar {0} (sus diapositivas vuelven a la mesa)',
    'tool.earlier': 'Adelantar el álbum {0}', 'tool.later': 'Atrasar el álbum {0}',
    'tool.reopen': 'Reabrir {0} como estante', 'tool.discardAlbum': 'Descartar el álbum {0} (sus diapositivas vuelven a la mesa)',
    'ask.rename': 'Nuevo nombre para el estante {0}', 'ask.delete': '¿Borrar el estante {0}? Sus diapositivas vuelven a la mesa.',
    'ask.discardAlbum': '¿Descartar el álbum {0}? Sus diapositivas vuelven a la mesa.',
    'ask.newShelf': 'Nombre del nuevo estante', 'ask.tags': 'Etiquetas para {0} (separadas por comas)',
    'ask.slides': '{0} diapositivas',
    'slide.name': '{0}, {1} de 5 estrellas', 'slide.pending': 'aún sin guardar', 'slide.missing': 'falta el original',
    'queue.refused': '«{0}» fue rechazado: {1}', 'queue.lost': ' — {0} cambios posteriores no se hicieron',
    'queue.lostOne': ' — 1 cambio posterior no se hizo', 'queue.noTarget': 'elige antes un estante destino: ◎ en un estante',
    'help.title': 'Teclas', 'help.scope.any': 'En todas partes', 'help.scope.table': 'Mesa y estantes',
    'help.scope.loupe': 'Lupa', 'help.scope.compare': 'Comparar', 'help.scope.mouse': 'Ratón, lápiz y pantalla táctil',
    'help.footer': 'Cada cambio es una orden de apolo, guardada al momento y reversible desde aquí o desde la línea de órdenes.',
    'help.undo': 'deshacer', 'help.redo': 'rehacer', 'help.help': 'mostrar u ocultar estas teclas',
    'help.close': 'cerrar, deseleccionar', 'help.next': 'diapositiva siguiente', 'help.previous': 'diapositiva anterior',
    'help.extend': 'ampliar la selección', 'help.rows': 'una fila abajo o arriba (y al lugar siguiente)',
    'help.pages': 'una página abajo o arriba', 'help.ends': 'primera o última diapositiva del lugar',
    'help.moveSlide': 'mover la diapositiva dentro de su estante', 'help.selectAll': 'seleccionar todo el lugar',
    'help.rate': 'puntuar las diapositivas enfocadas o seleccionadas (0 borra)',
    'help.discard': 'descartar (fuera de un estante: vuelve a la mesa)', 'help.restore': 'recuperar una descartada',
    'help.tag': 'añadir etiquetas', 'help.send': 'enviar al estante destino', 'help.size': 'marcos más grandes o más pequeños',
    'help.captions': 'nombres de archivo y horas en los marcos', 'help.loupe': 'abrir la lupa',
    'help.compare': 'comparar las seleccionadas', 'help.filter': 'panel de filtro', 'help.step': 'foto siguiente o anterior',
    'help.advance': 'avanzar tras puntuar, sí o no', 'help.zoom': '100% y vuelta', 'help.closeCompare': 'cerrar comparar',
    'help.compareStep': 'elegir la siguiente o la anterior; 0–5, X, T y S actúan sobre ella', 'help.clickKeys': 'clic, Mayús-clic, Ctrl-clic',
    'help.click': 'seleccionar diapositivas', 'help.dragKeys': 'arrastrar, Alt-arrastrar sobre una diapositiva',
    'help.drag': 'mover, intercambiar', 'help.touchKeys': 'táctil o lápiz: mantener pulsado y arrastrar', 'help.touch': 'mover',
    'loupe.slide': 'diapositiva', 'loupe.of': '{0} de {1}', 'loupe.file': 'archivo', 'loupe.captured': 'tomada',
    'loupe.camera': 'cámara', 'loupe.shot': 'toma', 'loupe.size': 'tamaño', 'loupe.pair': 'pareja',
    'loupe.pairText': '{0} (RAW+JPEG: una foto)', 'loupe.original': 'original',
    'loupe.missing': 'FALTA (apolo relink CARPETA lo encuentra)', 'loupe.present': 'presente', 'loupe.rating': 'puntuación',
    'loupe.tags': 'etiquetas', 'loupe.none': 'ninguna', 'loupe.advance': 'avance', 'loupe.advanceOn': 'tras puntuar (A)',
    'loupe.advanceOff': 'no (A)', 'loupe.zoom': 'zoom', 'loupe.zoomText': 'Z o un clic: 100%',
    'loupe.unknown': 'desconocido', 'loupe.notRecorded': 'no registrado', 'loupe.title': 'Lupa', 'compare.title': 'Comparar',
    'view.title': 'Vista', 'view.hint': 'Qué diapositivas muestran la mesa y los estantes; no se guarda nada. \\ lo quita.',
    'view.stars': 'Estrellas', 'view.anyStars': 'cualquiera', 'view.unrated': 'Solo sin puntuar', 'view.tag': 'Con etiqueta',
    'view.without': 'Sin etiqueta', 'view.hideDiscarded': 'Ocultar las descartadas', 'view.hidden': 'ninguna diapositiva de aquí pasa la vista',
    'view.chip.stars': '{0} o más', 'view.chip.unrated': 'sin puntuar', 'view.chip.tag': 'etiqueta {0}',
    'view.chip.without': 'sin {0}', 'view.chip.hideDiscarded': 'sin descartadas', 'view.remove': 'Quitar el filtro de vista «{0}»',
    'bar.view': 'Vista', 'help.clearView': 'mostrar de nuevo todas las diapositivas (quitar los filtros de vista)',
    'notice.switched': 'se abrió el proyecto {0} en otro lugar (la línea de órdenes u otra pestaña); esta página lo muestra ahora',
  },
};

/// The language of a browser whose languages are `wanted` (first match), English when none is known.
export function pick(wanted) {
  for (const tag of wanted ?? []) {
    const lang = String(tag).toLowerCase().split('-')[0];
    if (MESSAGES[lang]) return lang;
  }
  return 'en';
}

let language = 'en';

/// Sets the language `t` uses.
export function use(lang) { language = MESSAGES[lang] ? lang : 'en'; }

/// The language in use.
export function inUse() { return language; }

/// The message `key` in the language in use, with {0}, {1}… filled from `args`.
export function t(key, ...args) {
  const text = MESSAGES[language][key] ?? MESSAGES.en[key] ?? key;
  return text.replace(/\{(\d+)\}/g, (_, i) => String(args[Number(i)] ?? ''));
}
