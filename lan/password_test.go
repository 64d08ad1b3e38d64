//go:build !js

package lan

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestPasswordBackoff: after PasswordTries wrong passwords in a row, an
// address's guesses are refused unread (even the right password) for
// PasswordBackoff, doubling; another address is not slowed; the host logs
// it; once the backoff is over the right password gets in.
func TestPasswordBackoff(t *testing.T) {
	cfg := testConfig(3, 0)
	cfg.AutoStart = false
	cfg.Password = "sesame"
	cfg.PasswordTries, cfg.PasswordBackoff = 3, time.Second
	var mu sync.Mutex
	var log []string
	cfg.Logf = func(format string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		log = append(log, fmt.Sprintf(format, a...))
	}
	_, addr := startHost(t, cfg)
	guess := func(local, pw string) Message {
		return helloFrom(t, addr, local, Message{T: THello, Version: Version, Game: "toy", Name: "Eve", Password: pw})
	}
	for i := 1; i <= 3; i++ {
		if a := guess("127.0.7.1", "wrong"); a.Code != CodePassword || a.Error != "wrong password" {
			t.Fatalf("wrong password %d: %+v", i, a)
		}
	}
	a := guess("127.0.7.1", "sesame")
	if a.T != TRefused || a.Code != CodePassword || !strings.Contains(a.Error, "too many wrong passwords") {
		t.Errorf("the right password during the backoff: %+v, want refused unread", a)
	}
	if a := guess("127.0.7.2", "sesame"); a.T != TWelcome {
		t.Errorf("another address with the right password: %+v", a)
	}
	mu.Lock()
	logged := strings.Join(log, "\n")
	mu.Unlock()
	if !strings.Contains(logged, "3 wrong from 127.0.7.1 in a row; its next guess waits 1s") {
		t.Errorf("host log:\n%s", logged)
	}
	time.Sleep(1100 * time.Millisecond)
	if a := guess("127.0.7.1", "wrong"); a.Error != "wrong password" {
		t.Errorf("a guess after the backoff: %+v, want it compared", a)
	}
	// The fourth wrong one doubles the wait.
	if a := guess("127.0.7.1", "sesame"); a.T != TRefused {
		t.Errorf("the right password right after a fourth wrong one: %+v", a)
	}
	time.Sleep(2100 * time.Millisecond)
	if a := guess("127.0.7.1", "sesame"); a.T != TWelcome {
		t.Errorf("the right password after the backoff: %+v", a)
	}
}

// TestNoPasswordIsNoGuess: a hello without a password at a table with one
// is refused as needing it, and does not count as a wrong guess: after
// more of them than PasswordTries the right password still gets in at
// once.
func TestNoPasswordIsNoGuess(t *testing.T) {
	cfg := testConfig(3, 0)
	cfg.AutoStart = false
	cfg.Password = "sesame"
	cfg.PasswordTries, cfg.PasswordBackoff = 2, time.Minute
	_, addr := startHost(t, cfg)
	guess := func(pw string) Message {
		return helloFrom(t, addr, "127.0.7.9", Message{T: THello, Version: Version, Game: "toy", Name: "Eve", Password: pw})
	}
	for i := 1; i <= 4; i++ {
		if a := guess(""); a.T != TRefused || a.Code != CodePassword || a.Error != "this table has a password" {
			t.Fatalf("no password, try %d: %+v", i, a)
		}
	}
	if a := guess("sesame"); a.T != TWelcome {
		t.Errorf("the right password after tries without one: %+v, want welcome", a)
	}
}
