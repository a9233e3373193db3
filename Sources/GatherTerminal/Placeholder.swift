// The terminal views.
