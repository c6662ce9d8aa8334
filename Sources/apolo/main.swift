import ApoloCLI
import CApoloSystem
#if canImport(Glibc)
    import Glibc
#endif

// libvips' start sets this when it is missing; set here, before any thread exists, no setenv ever runs while
// another thread reads the environment (a raw worker being started, say)
setenv("VIPS_WARNING", "0", 0)
apolo_want_quiet_libraries()  // decoders' chatter goes to /dev/null once libvips is loaded; apolo's words do not
ApoloMain.run()
