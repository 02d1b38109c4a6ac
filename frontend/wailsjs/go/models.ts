export namespace app {
	
	export class Format {
	    name: string;
	    title: string;
	    hint: string;
	    exts: string[];
	
	    static createFrom(source: any = {}) {
	        return new Format(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.title = source["title"];
	        this.hint = source["hint"];
	        this.exts = source["exts"];
	    }
	}
	export class AppInfo {
	    version: string;
	    startup: string[];
	    demoDir: string;
	    families: string[];
	    formats: Format[];
	    theme: string;
	    lastExtractDir: string;
	
	    static createFrom(source: any = {}) {
	        return new AppInfo(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.version = source["version"];
	        this.startup = source["startup"];
	        this.demoDir = source["demoDir"];
	        this.families = source["families"];
	        this.formats = this.convertValues(source["formats"], Format);
	        this.theme = source["theme"];
	        this.lastExtractDir = source["lastExtractDir"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class BackupList {
	    dir: string;
	    keep: number;
	    bytes: number;
	    backups: backups.Entry[];
	
	    static createFrom(source: any = {}) {
	        return new BackupList(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.dir = source["dir"];
	        this.keep = source["keep"];
	        this.bytes = source["bytes"];
	        this.backups = this.convertValues(source["backups"], backups.Entry);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class CombineRequest {
	    userDir: string;
	    modsDir: string;
	    baseDir: string;
	    gameDir: string;
	    name: string;
	    moveCharacters: boolean;
	
	    static createFrom(source: any = {}) {
	        return new CombineRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.userDir = source["userDir"];
	        this.modsDir = source["modsDir"];
	        this.baseDir = source["baseDir"];
	        this.gameDir = source["gameDir"];
	        this.name = source["name"];
	        this.moveCharacters = source["moveCharacters"];
	    }
	}
	export class DropResult {
	    caps: edits.Caps;
	    changes: edits.Change[];
	    open: string[];
	
	    static createFrom(source: any = {}) {
	        return new DropResult(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.caps = this.convertValues(source["caps"], edits.Caps);
	        this.changes = this.convertValues(source["changes"], edits.Change);
	        this.open = source["open"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class EditState {
	    caps: edits.Caps;
	    changes: edits.Change[];
	
	    static createFrom(source: any = {}) {
	        return new EditState(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.caps = this.convertValues(source["caps"], edits.Caps);
	        this.changes = this.convertValues(source["changes"], edits.Change);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class EditText {
	    entry: string;
	    text: string;
	    kind: string;
	    encoding: string;
	    editable: boolean;
	    why?: string;
	    compiles: boolean;
	    pending: boolean;
	
	    static createFrom(source: any = {}) {
	        return new EditText(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.entry = source["entry"];
	        this.text = source["text"];
	        this.kind = source["kind"];
	        this.encoding = source["encoding"];
	        this.editable = source["editable"];
	        this.why = source["why"];
	        this.compiles = source["compiles"];
	        this.pending = source["pending"];
	    }
	}
	export class ExtractTarget {
	    paths: string[];
	    filtered: boolean;
	    query: session.Query;
	    convert: convert.Options;
	
	    static createFrom(source: any = {}) {
	        return new ExtractTarget(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.paths = source["paths"];
	        this.filtered = source["filtered"];
	        this.query = this.convertValues(source["query"], session.Query);
	        this.convert = this.convertValues(source["convert"], convert.Options);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class FoundFolder {
	    game: string;
	    what: string;
	    path: string;
	    from: string;
	    opens: string;
	
	    static createFrom(source: any = {}) {
	        return new FoundFolder(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.game = source["game"];
	        this.what = source["what"];
	        this.path = source["path"];
	        this.from = source["from"];
	        this.opens = source["opens"];
	    }
	}
	export class HeldDeployRequest {
	    output: string;
	    modId: string;
	    modsDir: string;
	    enable: boolean;
	
	    static createFrom(source: any = {}) {
	        return new HeldDeployRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.output = source["output"];
	        this.modId = source["modId"];
	        this.modsDir = source["modsDir"];
	        this.enable = source["enable"];
	    }
	}
	export class LoadOrderFolders {
	    userDir: string;
	    modsDir: string;
	    installDir: string;
	    defaultUserDir: string;
	    demoUserDir: string;
	
	    static createFrom(source: any = {}) {
	        return new LoadOrderFolders(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.userDir = source["userDir"];
	        this.modsDir = source["modsDir"];
	        this.installDir = source["installDir"];
	        this.defaultUserDir = source["defaultUserDir"];
	        this.demoUserDir = source["demoUserDir"];
	    }
	}
	export class LoadOrderSaved {
	    path: string;
	    backup: string;
	    backupId?: string;
	    written: boolean;
	    view?: loadorder.View;
	
	    static createFrom(source: any = {}) {
	        return new LoadOrderSaved(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.backup = source["backup"];
	        this.backupId = source["backupId"];
	        this.written = source["written"];
	        this.view = this.convertValues(source["view"], loadorder.View);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class PackOnSaveStatus {
	    jobId: string;
	    modDir: string;
	    packs: number;
	    changed: string[];
	    at: string;
	    result?: modpack.Result;
	    error?: string;
	
	    static createFrom(source: any = {}) {
	        return new PackOnSaveStatus(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.jobId = source["jobId"];
	        this.modDir = source["modDir"];
	        this.packs = source["packs"];
	        this.changed = source["changed"];
	        this.at = source["at"];
	        this.result = this.convertValues(source["result"], modpack.Result);
	        this.error = source["error"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class PackRequest {
	    modDir: string;
	    output: string;
	    deploy: boolean;
	    modsDir: string;
	    enable: boolean;
	    baseDir: string;
	    gameDir: string;
	    gameVersion: string;
	    writeModId: boolean;
	
	    static createFrom(source: any = {}) {
	        return new PackRequest(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.modDir = source["modDir"];
	        this.output = source["output"];
	        this.deploy = source["deploy"];
	        this.modsDir = source["modsDir"];
	        this.enable = source["enable"];
	        this.baseDir = source["baseDir"];
	        this.gameDir = source["gameDir"];
	        this.gameVersion = source["gameVersion"];
	        this.writeModId = source["writeModId"];
	    }
	}
	export class PackSetup {
	    sample: string;
	    recent: string[];
	    modsDir: string;
	    defaultModsDir: string;
	    baseDir: string;
	    gameDir: string;
	    gameVersion: string;
	    defaultGameVersion: string;
	    deploy: boolean;
	    enable: boolean;
	    stages: string[];
	
	    static createFrom(source: any = {}) {
	        return new PackSetup(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.sample = source["sample"];
	        this.recent = source["recent"];
	        this.modsDir = source["modsDir"];
	        this.defaultModsDir = source["defaultModsDir"];
	        this.baseDir = source["baseDir"];
	        this.gameDir = source["gameDir"];
	        this.gameVersion = source["gameVersion"];
	        this.defaultGameVersion = source["defaultGameVersion"];
	        this.deploy = source["deploy"];
	        this.enable = source["enable"];
	        this.stages = source["stages"];
	    }
	}
	export class Prefs {
	    tl2UserDir: string;
	    modsDir: string;
	    gameDir: string;
	    theme: string;
	    backupsKeep: number;
	
	    static createFrom(source: any = {}) {
	        return new Prefs(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.tl2UserDir = source["tl2UserDir"];
	        this.modsDir = source["modsDir"];
	        this.gameDir = source["gameDir"];
	        this.theme = source["theme"];
	        this.backupsKeep = source["backupsKeep"];
	    }
	}
	export class PrefsView {
	    tl2UserDir: string;
	    modsDir: string;
	    gameDir: string;
	    theme: string;
	    backupsKeep: number;
	    detectedUserDir: string;
	    detectedModsDir: string;
	    detectedFrom: string;
	    configFile: string;
	    backupsDir: string;
	    backupsUsed: backups.Usage;
	
	    static createFrom(source: any = {}) {
	        return new PrefsView(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.tl2UserDir = source["tl2UserDir"];
	        this.modsDir = source["modsDir"];
	        this.gameDir = source["gameDir"];
	        this.theme = source["theme"];
	        this.backupsKeep = source["backupsKeep"];
	        this.detectedUserDir = source["detectedUserDir"];
	        this.detectedModsDir = source["detectedModsDir"];
	        this.detectedFrom = source["detectedFrom"];
	        this.configFile = source["configFile"];
	        this.backupsDir = source["backupsDir"];
	        this.backupsUsed = this.convertValues(source["backupsUsed"], backups.Usage);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace archive {
	
	export class Entry {
	    path: string;
	    size: number;
	    packed: number;
	    kind: string;
	    extra?: {[key: string]: any};
	
	    static createFrom(source: any = {}) {
	        return new Entry(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.size = source["size"];
	        this.packed = source["packed"];
	        this.kind = source["kind"];
	        this.extra = source["extra"];
	    }
	}

}

export namespace backups {
	
	export class Build {
	    title: string;
	    modId: number;
	    version: number;
	
	    static createFrom(source: any = {}) {
	        return new Build(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.title = source["title"];
	        this.modId = source["modId"];
	        this.version = source["version"];
	    }
	}
	export class Entry {
	    id: string;
	    path: string;
	    of: string;
	    kind: string;
	    why: string;
	    size: number;
	    time: string;
	    lock?: string;
	    build?: Build;
	    unsealed?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Entry(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.path = source["path"];
	        this.of = source["of"];
	        this.kind = source["kind"];
	        this.why = source["why"];
	        this.size = source["size"];
	        this.time = source["time"];
	        this.lock = source["lock"];
	        this.build = this.convertValues(source["build"], Build);
	        this.unsealed = source["unsealed"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Usage {
	    copies: number;
	    bytes: number;
	
	    static createFrom(source: any = {}) {
	        return new Usage(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.copies = source["copies"];
	        this.bytes = source["bytes"];
	    }
	}

}

export namespace convert {
	
	export class Options {
	    decompile: boolean;
	    png: boolean;
	    overwrite: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Options(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.decompile = source["decompile"];
	        this.png = source["png"];
	        this.overwrite = source["overwrite"];
	    }
	}

}

export namespace deploy {
	
	export class Held {
	    modsDir: string;
	    copies: string[];
	    enable: boolean;
	    reason: string;
	
	    static createFrom(source: any = {}) {
	        return new Held(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.modsDir = source["modsDir"];
	        this.copies = source["copies"];
	        this.enable = source["enable"];
	        this.reason = source["reason"];
	    }
	}
	export class Replaced {
	    path: string;
	    backup?: string;
	    backupId?: string;
	    modId: number;
	
	    static createFrom(source: any = {}) {
	        return new Replaced(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.backup = source["backup"];
	        this.backupId = source["backupId"];
	        this.modId = source["modId"];
	    }
	}
	export class SchReplaced {
	    oldId: number;
	    newId: number;
	    place: number;
	
	    static createFrom(source: any = {}) {
	        return new SchReplaced(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.oldId = source["oldId"];
	        this.newId = source["newId"];
	        this.place = source["place"];
	    }
	}
	export class Result {
	    modsDir: string;
	    path: string;
	    replaced: Replaced[];
	    enabled: boolean;
	    alreadyEnabled?: boolean;
	    schPath?: string;
	    schBackup?: string;
	    schBackupId?: string;
	    schReplaced?: SchReplaced;
	    previous?: Replaced;
	    warnings: string[];
	
	    static createFrom(source: any = {}) {
	        return new Result(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.modsDir = source["modsDir"];
	        this.path = source["path"];
	        this.replaced = this.convertValues(source["replaced"], Replaced);
	        this.enabled = source["enabled"];
	        this.alreadyEnabled = source["alreadyEnabled"];
	        this.schPath = source["schPath"];
	        this.schBackup = source["schBackup"];
	        this.schBackupId = source["schBackupId"];
	        this.schReplaced = this.convertValues(source["schReplaced"], SchReplaced);
	        this.previous = this.convertValues(source["previous"], Replaced);
	        this.warnings = source["warnings"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace edits {
	
	export class Caps {
	    replace: boolean;
	    add: boolean;
	    remove: boolean;
	    rename: boolean;
	    why?: string;
	    appends?: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Caps(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.replace = source["replace"];
	        this.add = source["add"];
	        this.remove = source["remove"];
	        this.rename = source["rename"];
	        this.why = source["why"];
	        this.appends = source["appends"];
	    }
	}
	export class Change {
	    id: number;
	    op: string;
	    path: string;
	    to?: string;
	    source?: string;
	    oldSize: number;
	    newSize: number;
	    given?: string;
	    from?: string;
	    conversion?: string;
	    warnings?: string[];
	
	    static createFrom(source: any = {}) {
	        return new Change(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.op = source["op"];
	        this.path = source["path"];
	        this.to = source["to"];
	        this.source = source["source"];
	        this.oldSize = source["oldSize"];
	        this.newSize = source["newSize"];
	        this.given = source["given"];
	        this.from = source["from"];
	        this.conversion = source["conversion"];
	        this.warnings = source["warnings"];
	    }
	}

}

export namespace intake {
	
	export class Mark {
	    line: number;
	    severity: string;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new Mark(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.line = source["line"];
	        this.severity = source["severity"];
	        this.message = source["message"];
	    }
	}

}

export namespace jobs {
	
	export class Status {
	    id: string;
	    kind: string;
	    title: string;
	    state: string;
	    stage?: string;
	    done: number;
	    total: number;
	    what: string;
	    error?: string;
	    result?: any;
	    seq: number;
	
	    static createFrom(source: any = {}) {
	        return new Status(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.kind = source["kind"];
	        this.title = source["title"];
	        this.state = source["state"];
	        this.stage = source["stage"];
	        this.done = source["done"];
	        this.total = source["total"];
	        this.what = source["what"];
	        this.error = source["error"];
	        this.result = source["result"];
	        this.seq = source["seq"];
	    }
	}

}

export namespace loadorder {
	
	export class LostRef {
	    id: number;
	    title: string;
	    place: number;
	    conflicts: number;
	    to: ModRef[];
	
	    static createFrom(source: any = {}) {
	        return new LostRef(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.title = source["title"];
	        this.place = source["place"];
	        this.conflicts = source["conflicts"];
	        this.to = this.convertValues(source["to"], ModRef);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class ModRef {
	    id: number;
	    title: string;
	    place: number;
	
	    static createFrom(source: any = {}) {
	        return new ModRef(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.title = source["title"];
	        this.place = source["place"];
	    }
	}
	export class Conflict {
	    path: string;
	    winner: ModRef;
	    losers: ModRef[];
	    merged: ModRef[];
	    lost: LostRef[];
	    mergedStale: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Conflict(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.winner = this.convertValues(source["winner"], ModRef);
	        this.losers = this.convertValues(source["losers"], ModRef);
	        this.merged = this.convertValues(source["merged"], ModRef);
	        this.lost = this.convertValues(source["lost"], LostRef);
	        this.mergedStale = source["mergedStale"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	export class StaleReason {
	    what: string;
	    mod?: number;
	    title?: string;
	    placeThen?: number;
	    placeNow?: number;
	    row?: number;
	    other?: number;
	    otherTitle?: string;
	    built?: number;
	    loaded?: number;
	    err?: string;
	
	    static createFrom(source: any = {}) {
	        return new StaleReason(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.what = source["what"];
	        this.mod = source["mod"];
	        this.title = source["title"];
	        this.placeThen = source["placeThen"];
	        this.placeNow = source["placeNow"];
	        this.row = source["row"];
	        this.other = source["other"];
	        this.otherTitle = source["otherTitle"];
	        this.built = source["built"];
	        this.loaded = source["loaded"];
	        this.err = source["err"];
	    }
	}
	export class MergedPatch {
	    id: number;
	    title: string;
	    place: number;
	    stale: string;
	    staleWhy?: StaleReason;
	
	    static createFrom(source: any = {}) {
	        return new MergedPatch(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.title = source["title"];
	        this.place = source["place"];
	        this.stale = source["stale"];
	        this.staleWhy = this.convertValues(source["staleWhy"], StaleReason);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Problem {
	    code: string;
	    severity: string;
	    message: string;
	    stale?: StaleReason;
	
	    static createFrom(source: any = {}) {
	        return new Problem(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.code = source["code"];
	        this.severity = source["severity"];
	        this.message = source["message"];
	        this.stale = this.convertValues(source["stale"], StaleReason);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Mod {
	    key: string;
	    id: number;
	    title: string;
	    author: string;
	    version: number;
	    file: string;
	    rel: string;
	    where: string;
	    size: number;
	    files: number;
	    active: boolean;
	    place: number;
	    loaded: boolean;
	    requires: mod.Dependency[];
	    wins: number;
	    loses: number;
	    merged: number;
	    unique: number;
	    overridden: boolean;
	    problems: Problem[];
	    lostInPatch: number;
	
	    static createFrom(source: any = {}) {
	        return new Mod(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.key = source["key"];
	        this.id = source["id"];
	        this.title = source["title"];
	        this.author = source["author"];
	        this.version = source["version"];
	        this.file = source["file"];
	        this.rel = source["rel"];
	        this.where = source["where"];
	        this.size = source["size"];
	        this.files = source["files"];
	        this.active = source["active"];
	        this.place = source["place"];
	        this.loaded = source["loaded"];
	        this.requires = this.convertValues(source["requires"], mod.Dependency);
	        this.wins = source["wins"];
	        this.loses = source["loses"];
	        this.merged = source["merged"];
	        this.unique = source["unique"];
	        this.overridden = source["overridden"];
	        this.problems = this.convertValues(source["problems"], Problem);
	        this.lostInPatch = source["lostInPatch"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	
	
	
	export class View {
	    userDir: string;
	    modsDir: string;
	    installDir: string;
	    schPath: string;
	    schExists: boolean;
	    schError: string;
	    notes: string[];
	    limit: number;
	    order: string[];
	    mods: Mod[];
	    conflicts: Conflict[];
	    mergedPatch: MergedPatch;
	    problems: number;
	    dirty: boolean;
	    canUndo: boolean;
	    undoWhat: string;
	    scanMillis: number;
	
	    static createFrom(source: any = {}) {
	        return new View(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.userDir = source["userDir"];
	        this.modsDir = source["modsDir"];
	        this.installDir = source["installDir"];
	        this.schPath = source["schPath"];
	        this.schExists = source["schExists"];
	        this.schError = source["schError"];
	        this.notes = source["notes"];
	        this.limit = source["limit"];
	        this.order = source["order"];
	        this.mods = this.convertValues(source["mods"], Mod);
	        this.conflicts = this.convertValues(source["conflicts"], Conflict);
	        this.mergedPatch = this.convertValues(source["mergedPatch"], MergedPatch);
	        this.problems = source["problems"];
	        this.dirty = source["dirty"];
	        this.canUndo = source["canUndo"];
	        this.undoWhat = source["undoWhat"];
	        this.scanMillis = source["scanMillis"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}

}

export namespace mod {
	
	export class Dependency {
	    name: string;
	    id: number;
	    version: number;
	
	    static createFrom(source: any = {}) {
	        return new Dependency(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.name = source["name"];
	        this.id = source["id"];
	        this.version = source["version"];
	    }
	}

}

export namespace modpack {
	
	export class Finding {
	    severity: string;
	    stage: string;
	    file?: string;
	    line?: number;
	    message: string;
	
	    static createFrom(source: any = {}) {
	        return new Finding(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.severity = source["severity"];
	        this.stage = source["stage"];
	        this.file = source["file"];
	        this.line = source["line"];
	        this.message = source["message"];
	    }
	}
	export class GridReport {
	    layout: string;
	    grid: string;
	    action: string;
	    reason?: string;
	    width?: number;
	    height?: number;
	    walkable: number;
	    wall: number;
	    void: number;
	    pockets: number;
	    pieces?: number;
	    ms: number;
	    missing?: string[];
	    error?: string;
	
	    static createFrom(source: any = {}) {
	        return new GridReport(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.layout = source["layout"];
	        this.grid = source["grid"];
	        this.action = source["action"];
	        this.reason = source["reason"];
	        this.width = source["width"];
	        this.height = source["height"];
	        this.walkable = source["walkable"];
	        this.wall = source["wall"];
	        this.void = source["void"];
	        this.pockets = source["pockets"];
	        this.pieces = source["pieces"];
	        this.ms = source["ms"];
	        this.missing = source["missing"];
	        this.error = source["error"];
	    }
	}
	export class Hashes {
	    rollingHash: string;
	    mhash: string;
	    reqHash: string;
	    sha256: string;
	
	    static createFrom(source: any = {}) {
	        return new Hashes(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.rollingHash = source["rollingHash"];
	        this.mhash = source["mhash"];
	        this.reqHash = source["reqHash"];
	        this.sha256 = source["sha256"];
	    }
	}
	export class ModDat {
	    path: string;
	    name: string;
	    author: string;
	    description: string;
	    website: string;
	    downloadUrl: string;
	    modId: number;
	    hasModId: boolean;
	    version: number;
	    required: mod.Dependency[];
	    remove: string[];
	    fileName: string;
	    findings: Finding[];
	
	    static createFrom(source: any = {}) {
	        return new ModDat(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.name = source["name"];
	        this.author = source["author"];
	        this.description = source["description"];
	        this.website = source["website"];
	        this.downloadUrl = source["downloadUrl"];
	        this.modId = source["modId"];
	        this.hasModId = source["hasModId"];
	        this.version = source["version"];
	        this.required = this.convertValues(source["required"], mod.Dependency);
	        this.remove = source["remove"];
	        this.fileName = source["fileName"];
	        this.findings = this.convertValues(source["findings"], Finding);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class RAWIndex {
	    Path: string;
	    Records: number;
	    FromSources: number;
	
	    static createFrom(source: any = {}) {
	        return new RAWIndex(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.Path = source["Path"];
	        this.Records = source["Records"];
	        this.FromSources = source["FromSources"];
	    }
	}
	export class StageTime {
	    stage: string;
	    ms: number;
	
	    static createFrom(source: any = {}) {
	        return new StageTime(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.stage = source["stage"];
	        this.ms = source["ms"];
	    }
	}
	export class Unresolved {
	    file: string;
	    baseFile: string;
	    missing: string[];
	
	    static createFrom(source: any = {}) {
	        return new Unresolved(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.file = source["file"];
	        this.baseFile = source["baseFile"];
	        this.missing = source["missing"];
	    }
	}
	export class Result {
	    modDir: string;
	    output: string;
	    size: number;
	    entries: number;
	    compiled: number;
	    reused: number;
	    assets: number;
	    raws: string[];
	    sourceBytes: number;
	    mod?: ModDat;
	    modId: number;
	    modIdNew: boolean;
	    modIdWritten: boolean;
	    modDatBackup?: string;
	    outputBackupId?: string;
	    gameVersion: string;
	    gameVersionFrom: string;
	    baseData: string;
	    hashes: Hashes;
	    findings: Finding[];
	    unresolved: Unresolved[];
	    grids: GridReport[];
	    deploy?: deploy.Result;
	    deployHeld?: deploy.Held;
	    stages: StageTime[];
	    ms: number;
	
	    static createFrom(source: any = {}) {
	        return new Result(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.modDir = source["modDir"];
	        this.output = source["output"];
	        this.size = source["size"];
	        this.entries = source["entries"];
	        this.compiled = source["compiled"];
	        this.reused = source["reused"];
	        this.assets = source["assets"];
	        this.raws = source["raws"];
	        this.sourceBytes = source["sourceBytes"];
	        this.mod = this.convertValues(source["mod"], ModDat);
	        this.modId = source["modId"];
	        this.modIdNew = source["modIdNew"];
	        this.modIdWritten = source["modIdWritten"];
	        this.modDatBackup = source["modDatBackup"];
	        this.outputBackupId = source["outputBackupId"];
	        this.gameVersion = source["gameVersion"];
	        this.gameVersionFrom = source["gameVersionFrom"];
	        this.baseData = source["baseData"];
	        this.hashes = this.convertValues(source["hashes"], Hashes);
	        this.findings = this.convertValues(source["findings"], Finding);
	        this.unresolved = this.convertValues(source["unresolved"], Unresolved);
	        this.grids = this.convertValues(source["grids"], GridReport);
	        this.deploy = this.convertValues(source["deploy"], deploy.Result);
	        this.deployHeld = this.convertValues(source["deployHeld"], deploy.Held);
	        this.stages = this.convertValues(source["stages"], StageTime);
	        this.ms = source["ms"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	

}

export namespace preview {
	
	export class Description {
	    path: string;
	    size: number;
	    kind: string;
	    views: string[];
	    renderer?: string;
	    encoding?: string;
	    extra?: {[key: string]: any};
	
	    static createFrom(source: any = {}) {
	        return new Description(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.size = source["size"];
	        this.kind = source["kind"];
	        this.views = source["views"];
	        this.renderer = source["renderer"];
	        this.encoding = source["encoding"];
	        this.extra = source["extra"];
	    }
	}
	export class Extra {
	    Entry: any;
	    Pending: string;
	
	    static createFrom(source: any = {}) {
	        return new Extra(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.Entry = source["Entry"];
	        this.Pending = source["Pending"];
	    }
	}
	export class Text {
	    text: string;
	    encoding: string;
	    truncated: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Text(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.text = source["text"];
	        this.encoding = source["encoding"];
	        this.truncated = source["truncated"];
	    }
	}

}

export namespace search {
	
	export class Options {
	    query: string;
	    regex: boolean;
	    caseSensitive: boolean;
	    maxHits: number;
	    paths: string[];
	
	    static createFrom(source: any = {}) {
	        return new Options(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.query = source["query"];
	        this.regex = source["regex"];
	        this.caseSensitive = source["caseSensitive"];
	        this.maxHits = source["maxHits"];
	        this.paths = source["paths"];
	    }
	}

}

export namespace session {
	
	export class Folder {
	    path: string;
	    name: string;
	    files: number;
	    children?: Folder[];
	
	    static createFrom(source: any = {}) {
	        return new Folder(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.path = source["path"];
	        this.name = source["name"];
	        this.files = source["files"];
	        this.children = this.convertValues(source["children"], Folder);
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Info {
	    id: string;
	    path: string;
	    name: string;
	    family: string;
	    entries: number;
	    size: number;
	    packed: number;
	    canVerify: boolean;
	    canWrite: boolean;
	    meta?: any;
	    card: string;
	    unpack: boolean;
	    passwords: boolean;
	    singleFile: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Info(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.id = source["id"];
	        this.path = source["path"];
	        this.name = source["name"];
	        this.family = source["family"];
	        this.entries = source["entries"];
	        this.size = source["size"];
	        this.packed = source["packed"];
	        this.canVerify = source["canVerify"];
	        this.canWrite = source["canWrite"];
	        this.meta = source["meta"];
	        this.card = source["card"];
	        this.unpack = source["unpack"];
	        this.passwords = source["passwords"];
	        this.singleFile = source["singleFile"];
	    }
	}
	export class Page {
	    total: number;
	    offset: number;
	    entries: archive.Entry[];
	    why?: string;
	
	    static createFrom(source: any = {}) {
	        return new Page(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.total = source["total"];
	        this.offset = source["offset"];
	        this.entries = this.convertValues(source["entries"], archive.Entry);
	        this.why = source["why"];
	    }
	
		convertValues(a: any, classs: any, asMap: boolean = false): any {
		    if (!a) {
		        return a;
		    }
		    if (a.slice && a.map) {
		        return (a as any[]).map(elem => this.convertValues(elem, classs));
		    } else if ("object" === typeof a) {
		        if (asMap) {
		            for (const key of Object.keys(a)) {
		                a[key] = new classs(a[key]);
		            }
		            return a;
		        }
		        return new classs(a);
		    }
		    return a;
		}
	}
	export class Query {
	    filter: string;
	    regex: boolean;
	    folder: string;
	    offset: number;
	    limit: number;
	    sort: string;
	    desc: boolean;
	
	    static createFrom(source: any = {}) {
	        return new Query(source);
	    }
	
	    constructor(source: any = {}) {
	        if ('string' === typeof source) source = JSON.parse(source);
	        this.filter = source["filter"];
	        this.regex = source["regex"];
	        this.folder = source["folder"];
	        this.offset = source["offset"];
	        this.limit = source["limit"];
	        this.sort = source["sort"];
	        this.desc = source["desc"];
	    }
	}

}

