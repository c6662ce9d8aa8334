/// apolo's messages in Spanish, as a Spanish photographer says them (Lightroom's Spanish: *etiqueta de color*,
/// *palabras clave*; a slide is *diapositiva*, a shelf *estante*, the table *mesa*). Names stay as typed.
extension Catalogue {
    static let spanish: [String: Entry] = [
        "export.photos.one": ("1 foto", nil),
        "export.photos.other": ("{0} fotos", nil),
        "export.files": ("{0} ({1} archivos)", nil),
        "export.albums.one": ("1 álbum", nil),
        "export.albums.other": ("{0} álbumes", nil),
        "export.counted": ("{0} de {1}", nil),
        "export.replaced.one": ("sustituido 1 archivo de la exportación anterior", nil),
        "export.replaced.other": ("sustituidos {0} archivos de la exportación anterior", nil),
        "export.dropped.one": ("1 foto ya no está en ningún álbum", nil),
        "export.dropped.other": ("{0} fotos ya no están en ningún álbum", nil),
        "export.renumbered": ("renumeradas", nil),
        "export.removed.one": ("retirado 1 archivo anterior ({1})", nil),
        "export.removed.other": ("retirados {0} archivos anteriores ({1})", nil),
        "export.to": ("{0} en {1}", nil),
        "export.toWith": ("{0} en {1} ({2})", nil),
        "export.failed": (
            "exportadas {0} de {1}; fallaron {2} (ver arriba); el manifiesto dice lo que se escribió",
            "exportadas {0} de {1}; fallaron {2}; el manifiesto dice lo que se escribió"
        ),
        "export.done": ("exportadas {0}", nil),
        "export.badSize": (
            "--max-size debe estar entre 16 y 100000 píxeles",
            "el lado mayor debe estar entre 16 y 100000 píxeles"
        ),
        "export.badQuality": ("--quality debe estar entre 1 y 100", "la calidad debe estar entre 1 y 100"),
        "export.stripNeedsSize": (
            "--strip se aplica a copias redimensionadas: añade --max-size PX (las copias byte a "
                + "byte son siempre idénticas)",
            "Quitar metadatos se aplica a copias "
                + "redimensionadas: indica un lado mayor (las copias byte a byte son siempre "
                + "idénticas)"
        ),
        "export.needsFolder": ("--to necesita una carpeta", "elige una carpeta donde exportar"),
        "export.entries.one": ("1 entrada", nil),
        "export.entries.other": ("{0} entradas", nil),
        "export.notEmpty": (
            "{0} no está vacía ({1}); pasa --force para sustituir la exportación anterior "
                + "de apolo, o elige otra carpeta --to",
            "{0} no está vacía ({1}): marca «Reemplazar una exportación anterior» "
                + "para sustituir la de apolo, o elige otra carpeta"
        ),
        "export.foreign": (
            "{0} tiene archivos que apolo no exportó (sin {1} válido); --force solo sustituye "
                + "exportaciones de apolo: elige otra carpeta --to",
            "{0} tiene archivos que apolo no exportó (sin {1} válido): elige otra carpeta"
        ),
        "kind.shelf": ("estante", nil), "kind.album": ("álbum", nil),
        "name.empty": ("el nombre de un {0} no puede estar vacío", nil),
        "name.badCharacter": ("el nombre de {0} '{1}' contiene '{2}'; un nombre no puede contener ':' ni '/'", nil),
        "name.reserved": ("'{0}' está reservado; elige otro nombre de {1}", nil),
        "name.takenShelf": ("ya hay un estante llamado '{0}'", nil),
        "name.takenAlbum": ("ya hay un álbum llamado '{0}'", nil),
        "imported.one": ("importada 1 foto", nil),
        "imported.other": ("importadas {0} fotos", nil),
        "imported.relinked": ("{0}, reenlazadas {1}", nil),
        "photos.one": ("'{1}'", nil),
        "photos.other": ("{0} fotos", nil),
        "rate.set": ("puntuación de {0}: {1}", nil),
        "rate.cleared": ("quitada la puntuación de {0}", nil),
        "label.set": ("etiqueta de color {1} en {0}", nil),
        "label.cleared": ("quitada la etiqueta de color de {0}", nil),
        "people.grouped": ("caras agrupadas: {0} con personas ya conocidas, {1} personas nuevas", nil),
        "person.named": ("la persona {0} se llama ahora «{1}»", nil),
        "person.merged": ("{0} se une a {1}", nil),
        "person.split": ("{0} caras de {1} pasan a una persona nueva, la {2}", nil),
        "person.forgotten": ("olvidada: {0}; sus caras no se vuelven a agrupar", nil),
        "colour.red": ("roja", nil), "colour.yellow": ("amarilla", nil), "colour.green": ("verde", nil),
        "colour.blue": ("azul", nil), "colour.purple": ("morada", nil),
        "tags.added": ("palabras clave en {0}: {1}", nil),
        "tags.already.one": ("{1} ya tiene esas palabras clave", nil),
        "tags.already.other": ("{1} ya tienen esas palabras clave", nil),
        "tags.removed": ("quitadas las palabras clave {0} de {1}", nil),
        "meta.set": ("puesto {1} en {0}", nil),
        "ingest.needsJob": (
            "la plantilla usa {job}: da el trabajo con --job NOMBRE",
            "los nombres usan {job}: rellena el código de trabajo"
        ),
        "ingest.noSource": ("{0}: {1}; no se copió nada", nil),
        "ingest.needsDestination": ("di dónde copiar con --to CARPETA", "rellena el destino"),
        "ingest.twice": ("{0} se nombra dos veces como destino", nil),
        "ingest.overlap": ("{0} y la tarjeta {1} se solapan; copia a una carpeta en otro sitio", nil),
        "ingest.done": (
            "copiadas {0} ({1} archivos, {2}) a {3} destinos, cada copia releída del disco y "
                + "comprobada; ya ingeridas antes {4}, fallidas {5}", nil
        ),
        "ingest.nothingNew.one": ("nada nuevo que copiar: la foto de la tarjeta ya se ingirió", nil),
        "ingest.nothingNew.other": ("nada nuevo que copiar: las {0} fotos de la tarjeta ya se ingirieron", nil),
        "time.bodies": ("{0} ({1})", nil),
        "time.shifted": ("movida la hora de captura de {0} en {1}", nil),
        "meta.cleared": ("borrado {1} de {0}", nil),
        "slide.discarded": (
            "descartada '{0}' de la mesa "
                + "(ver: apolo table --discarded; deshacer: apolo slide restore {1})",
            "descartada '{0}' de la mesa (atenuada en su sitio: U sobre ella la recupera)"
        ),
        "slide.offShelf": ("quitada '{0}' del estante '{1}'", nil),
        "slide.offShelfBack": ("quitada '{0}' del estante '{1}'; vuelve a estar en la mesa", nil),
        "slides.fromTable.one": ("1 descartada de la mesa", nil),
        "slides.fromTable.other": ("{0} descartadas de la mesa", nil),
        "slides.offShelves.one": ("1 quitada de los estantes", nil),
        "slides.offShelves.other": ("{0} quitadas de los estantes", nil),
        "slides.allBack": ("{0} (apolo undo las recupera todas)", "{0} (Ctrl+Z las recupera todas)"),
        "slide.restored": ("recuperada '{0}' en la mesa", nil),
        "slide.movedToTable": ("llevada '{0}' de {1} a la mesa", nil),
        "slide.stillAt": ("{0} (sigue en {1}, así que no vuelve a la mesa)", nil),
        "slide.moved": ("llevada '{0}' de {1} a {2}:{3}", nil),
        "slide.swapped": ("intercambiadas {0} y {1}", nil),
        "shelf.created": ("creado el estante '{0}' (estante {1} de {2})", nil),
        "shelf.renamed": ("renombrado el estante '{0}' a '{1}'", nil),
        "shelf.deleted.one": ("borrado el estante '{1}'; 1 diapositiva vuelve a la mesa", nil),
        "shelf.deleted.other": ("borrado el estante '{1}'; {0} diapositivas vuelven a la mesa", nil),
        "shelf.moved": ("estante '{0}' llevado a la posición {1} de {2}", nil),
        "album.compressed.one": ("el estante '{1}' es ahora el álbum {2}, con 1 diapositiva", nil),
        "album.compressed.other": ("el estante '{1}' es ahora el álbum {2}, con {0} diapositivas", nil),
        "album.moved": ("álbum '{0}' llevado a la posición {1} de {2}", nil),
        "album.swapped": ("intercambiados los álbumes '{0}' y '{1}'", nil),
        "album.reopened": ("reabierto el álbum '{0}' como estante {1}", nil),
        "album.discarded.one": ("descartado el álbum '{1}'; 1 diapositiva vuelve a la mesa", nil),
        "album.discarded.other": ("descartado el álbum '{1}'; {0} diapositivas vuelven a la mesa", nil),
        "stack.kept": (
            "se queda '{0}' de su pila de {1}; descartadas las otras {2} (apolo undo las recupera)",
            "se queda '{0}' de su pila de {1}; descartadas las otras {2} (Ctrl+Z las recupera)"
        ),
        "filter.added.one": ("1 coincidencia; añadidas {1} al estante '{2}'", nil),
        "filter.added.other": ("{0} coincidencias; añadidas {1} al estante '{2}'", nil),
        "filter.noMatch": ("ninguna foto coincide {0}{1}", nil),
        "filter.scope.shelves": ("en los estantes", nil),
        "filter.scope.albums": ("en los álbumes", nil),
        "filter.scope.table": ("en la mesa", nil),
        "filter.scope.all": ("en ningún sitio", nil),
        "filter.elsewhere": ("; {0}", nil),
        "filter.matchesIn.one": ("1 coincide {1} (--from {2})", "1 coincide {1}"),
        "filter.matchesIn.other": ("{0} coinciden {1} (--from {2})", "{0} coinciden {1}"),
        "filter.noShelf": ("{0}; no se creó el estante '{1}'", nil),
        "filter.addedNone": ("{0}; no se añadió ninguna al estante '{1}'", nil),
        "filter.already": ("{0} ({1} ya estaban)", nil),
        "history.undid": ("deshecho el paso {0}: {1}  [{2}]", "deshecho el paso {0}: {1}"),
        "history.redid": ("rehecho el paso {0}: {1}  [{2}]", "rehecho el paso {0}: {1}"),
        "history.nothing.undo": ("nada que deshacer", nil),
        "history.nothing.redo": ("nada que rehacer", nil),
        "error.albumLocked": (
            "el álbum '{0}' está cerrado; reábrelo antes como estante: apolo album reopen {0}",
            "el álbum '{0}' está cerrado; reábrelo antes con ↺ en el álbum"
        ),
        "error.alreadyDiscarded": ("'{0}' ya está descartada", nil),
        "error.notDiscarded": ("'{0}' no está descartada (ver: apolo table --discarded)", "'{0}' no está descartada"),
        "error.restoreFirst": (
            "esa foto está descartada; recupérala antes: apolo slide restore REF",
            "esa foto está descartada; recupérala antes (U sobre ella)"
        ),
        "error.busy": (
            "el proyecto '{0}' está ocupado: otro proceso de apolo lo tuvo {1} s; inténtalo de nuevo "
                + "(APOLO_LOCK_TIMEOUT fija la espera)",
            "el proyecto '{0}' está ocupado: una orden sobre él lo tuvo {1} s; inténtalo de nuevo"
        ),
        "error.stale": (
            "el proyecto cambió desde que esta página lo mostró (otra ventana, otra persona o la línea "
                + "de órdenes); no se cambió nada — la página muestra ya el estado actual", nil
        )
    ]
}
