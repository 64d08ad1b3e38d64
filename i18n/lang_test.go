package i18n

import "testing"

func TestFromLocale(t *testing.T) {
	tests := []struct {
		in   string
		want Lang
	}{
		{"ru_RU.UTF-8", Russian},
		{"ru", Russian},
		{"ru-UA", Russian},
		{"RU_ru", Russian},
		{"fa-IR", Persian},
		{"fa_IR.UTF-8@calendar=persian", Persian},
		{"fa", Persian},
		{"prs-AF", Persian},
		{"fa-AF", Persian},
		{"en", English},
		{"en_GB.UTF-8", English},
		{"de_DE.UTF-8", English},
		{"uk_UA", English},
		{"C", English},
		{"C.UTF-8", English},
		{"POSIX", English},
		{"", English},
		{"  ru_RU  ", Russian},
		{"ru_XX_bogus!", Russian},
		{"!!", English},
		{"zz", English},
	}
	for _, tt := range tests {
		if got := FromLocale(tt.in); got != tt.want {
			t.Errorf("FromLocale(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestFromEnv(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want Lang
	}{
		{map[string]string{}, English},
		{map[string]string{"LANG": "ru_RU.UTF-8"}, Russian},
		{map[string]string{"LANG": "en_US.UTF-8", "LC_MESSAGES": "fa_IR.UTF-8"}, Persian},
		{map[string]string{"LANG": "ru_RU.UTF-8", "LC_ALL": "en_US.UTF-8"}, English},
		{map[string]string{"LANG": "en_US.UTF-8", "LANGUAGE": "fa:en"}, Persian},
		{map[string]string{"LC_ALL": "C", "LANGUAGE": "ru"}, English},
	}
	for _, tt := range tests {
		getenv := func(k string) string { return tt.env[k] }
		if got := FromEnv(getenv); got != tt.want {
			t.Errorf("FromEnv(%v) = %q, want %q", tt.env, got, tt.want)
		}
	}
}

func TestLangNames(t *testing.T) {
	for _, l := range Langs {
		if !l.Valid() || l.Native() == "" || l.Tag().String() != string(l) {
			t.Errorf("%q: valid %v native %q tag %v", l, l.Valid(), l.Native(), l.Tag())
		}
		if l.RTL() != (l == Persian) {
			t.Errorf("%q RTL = %v", l, l.RTL())
		}
	}
	if Lang("de").Valid() || Lang("de").Native() != "" {
		t.Error("de counts as shipped")
	}
}

func FuzzFromLocale(f *testing.F) {
	for _, s := range []string{"ru_RU.UTF-8", "fa-IR", "", "C", "x-\x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if l := FromLocale(s); !l.Valid() {
			t.Fatalf("FromLocale(%q) = %q, not shipped", s, l)
		}
	})
}
