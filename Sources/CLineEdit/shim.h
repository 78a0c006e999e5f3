#ifndef CLINEEDIT_SHIM_H
#define CLINEEDIT_SHIM_H

/*
 * libedit's el_set, el_get and history are variadic, which Swift cannot call.
 * Each wrapper below gives one operation objsh needs a fixed, typed signature;
 * clang compiles them into the Swift module, so only -ledit is linked.
 */

#include <stdio.h>
#include <wchar.h>
#include <histedit.h>

typedef char *(*clineedit_prompt_fn)(EditLine *);
typedef unsigned char (*clineedit_command_fn)(EditLine *, int);
typedef int (*clineedit_getc_fn)(EditLine *, wchar_t *);

/* el_init with the process's standard streams, so Swift never names the C globals. */
static inline EditLine *clineedit_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}
/* Writes text to the stdout stream libedit draws on, then flushes it, so the two
 * never interleave out of order. */
static inline void clineedit_write_out(const char *text) {
    fputs(text, stdout);
    fflush(stdout);
}
static inline int clineedit_set_prompt(EditLine *el, clineedit_prompt_fn fn) {
    return el_set(el, EL_PROMPT, fn);
}
static inline int clineedit_set_editor(EditLine *el, const char *mode) {
    return el_set(el, EL_EDITOR, mode);
}
static inline int clineedit_set_signal(EditLine *el, int on) {
    return el_set(el, EL_SIGNAL, on);
}
static inline int clineedit_set_getc(EditLine *el, clineedit_getc_fn fn) {
    return el_set(el, EL_GETCFN, fn);
}
static inline int clineedit_set_clientdata(EditLine *el, void *data) {
    return el_set(el, EL_CLIENTDATA, data);
}
static inline void *clineedit_clientdata(EditLine *el) {
    void *data = NULL;
    if (el_get(el, EL_CLIENTDATA, &data) != 0) return NULL;
    return data;
}
static inline int clineedit_add_function(EditLine *el, const char *name, const char *help,
                                         clineedit_command_fn fn) {
    return el_set(el, EL_ADDFN, name, help, fn);
}
static inline int clineedit_bind(EditLine *el, const char *key, const char *command) {
    return el_set(el, EL_BIND, key, command, (const char *)NULL);
}
static inline int clineedit_set_history(EditLine *el, History *history_) {
    return el_set(el, EL_HIST, history, history_);
}
/* The terminal width libedit works with; it follows el_resize. */
static inline int clineedit_columns(EditLine *el) {
    int columns = 0;
    if (el_get(el, EL_GETTC, "co", &columns, (void *)NULL) != 0 || columns <= 0) columns = 80;
    return columns;
}

static inline int clineedit_history_setsize(History *h, int size) {
    HistEvent event;
    return history(h, &event, H_SETSIZE, size);
}
static inline int clineedit_history_setunique(History *h, int on) {
    HistEvent event;
    return history(h, &event, H_SETUNIQUE, on);
}
static inline int clineedit_history_enter(History *h, const char *line) {
    HistEvent event;
    return history(h, &event, H_ENTER, line);
}
static inline int clineedit_history_load(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_LOAD, path);
}
static inline int clineedit_history_save(History *h, const char *path) {
    HistEvent event;
    return history(h, &event, H_SAVE, path);
}

#endif
