package iop

// RegionPassword is a pack password published in the public client and
// tool sources, with the region it belongs to.
type RegionPassword struct {
	Region   string
	Type     int // 0: pack password; 1: second password (pieces with comment 1)
	Password string
}

// KnownPasswords lists the published passwords in the order they are tried:
// every region's pack password (type 0) first, then the second passwords
// (type 1). Regions that share a password appear once, under the first
// region that has it.
var KnownPasswords = dedupe([]RegionPassword{
	{"Korea", 0, "iosuccess#@"},
	{"US", 0, "eE39DkE!%E0"},
	{"Taiwan", 0, "iUT38#@49vnFdjf)(4sg"},
	{"Indonesia", 0, "T*$f40FRjfoe*(fl304d"},
	{"Japan/Singapore", 0, "EDgei%^df930%#fj!_=]"},
	{"Thailand", 0, "K3$dls49YU#$#eoE3054"},
	{"China", 0, "-)4TRfkl-41$%dgkrm05"},
	{"Latin America/Brazil", 0, "dus!qhdaksl"},
	{"Brazil (IOP Manager)", 0, "jE/6Dy?%E0"},
	{"EU", 0, "Efedf12-Asv"},
	{"Germany", 0, "+=Rt80kKoe1~%#OT93Nk"},
	{"Korea", 1, "XrFrI0%3BF%!0Dcx$30-"},
	{"US", 1, "Eg%^io03UT$Cvf921-!$"},
	{"Taiwan", 1, "Yi#weT%^903Unv0$2gfj"},
	{"Indonesia", 1, "Mfe$%2049eFeodk*&31Z"},
	{"Japan/Singapore", 1, "@7$gjTRreie][!323O++"},
	{"Thailand", 1, "-_495IUEVJdlsl++32ed"},
	{"China", 1, "|059rtuGReowo@##tkg0"},
	{"Latin America/Brazil", 1, "tkdjqqn!dlfEhrqkfhgo"},
	{"Brazil (IOP Manager)", 1, "j%K>?03UT$Cvf921-!$"},
	{"EU", 1, "fegG-24qw##4dfe52%3*"},
})

func dedupe(in []RegionPassword) []RegionPassword {
	seen := map[string]bool{}
	var out []RegionPassword
	for _, p := range in {
		if !seen[p.Password] {
			seen[p.Password] = true
			out = append(out, p)
		}
	}
	return out
}

// Label names a known password for messages ("US pack password").
func (p RegionPassword) Label() string {
	if p.Type == 0 {
		return p.Region + " pack password"
	}
	return p.Region + " second password"
}
